<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class CompaniesCreateRecordResponseActivities implements WireValue
{
    public function __construct(
        public readonly ?int $level = null,
        public readonly ?string $cn = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $viewed = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $updated = null,
        public readonly ?bool $flagged = null,
        public readonly ?int $typeid = null,
        public readonly ?int $parent = null,
        public readonly ?int $creatorid = null,
        public readonly ?string $creatorname = null,
        public readonly ?int $position = null,
        /** @var \Crmgen\Client\Model\ActivityFields|array<string, mixed>|null the activity type's fields, by typeid (an unknown type: array<string, mixed>) */
        public readonly \Crmgen\Client\Model\ActivityFields|array|null $fields = null,
        public readonly ?int $modificatorid = null,
        public readonly ?string $modificatorname = null,
        public readonly ?int $id = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            level: isset($w['level']) && is_numeric($w['level']) ? (int) $w['level'] : null,
            cn: isset($w['cn']) && !is_array($w['cn'] ?? null) ? (string) $w['cn'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            viewed: isset($w['viewed']) ? (string) $w['viewed'] : null,
            updated: isset($w['updated']) ? (string) $w['updated'] : null,
            flagged: isset($w['flagged']) ? (bool) $w['flagged'] : null,
            typeid: isset($w['typeid']) && is_numeric($w['typeid']) ? (int) $w['typeid'] : null,
            parent: isset($w['parent']) && is_numeric($w['parent']) ? (int) $w['parent'] : null,
            creatorid: isset($w['creatorid']) && is_numeric($w['creatorid']) ? (int) $w['creatorid'] : null,
            creatorname: isset($w['creatorname']) && !is_array($w['creatorname'] ?? null)
                ? (string) $w['creatorname']
                : null,
            position: isset($w['position']) && is_numeric($w['position']) ? (int) $w['position'] : null,
            fields: isset($w['fields'])
                ? match ((string) ($w['typeid'] ?? '')) {
                    '3' => NoteFields::fromWire($w['fields']),
                    '4' => EventFields::fromWire($w['fields']),
                    '5' => EventFields::fromWire($w['fields']),
                    '6' => FollowupFields::fromWire($w['fields']),
                    '7' => WebsiteFields::fromWire($w['fields']),
                    '14' => TaskFields::fromWire($w['fields']),
                    '15' => TimerecordFields::fromWire($w['fields']),
                    '22' => TasklistFields::fromWire($w['fields']),
                    '23' => FileFields::fromWire($w['fields']),
                    '24' => FileFields::fromWire($w['fields']),
                    '27' => BillingawidgetFields::fromWire($w['fields']),
                    '29' => MarketingawidgetFields::fromWire($w['fields']),
                    '31' => PhotolistFields::fromWire($w['fields']),
                    '32' => OpportunityFields::fromWire($w['fields']),
                    '37' => OnlinedocFields::fromWire($w['fields']),
                    '39' => MarketingbwidgetFields::fromWire($w['fields']),
                    '51' => TemplateFields::fromWire($w['fields']),
                    '55' => AttachmentfileFields::fromWire($w['fields']),
                    '57' => SeparatorFields::fromWire($w['fields']),
                    '73' => CallFields::fromWire($w['fields']),
                    '88' => ScheduledemailFields::fromWire($w['fields']),
                    '90' => LinkedemailsFields::fromWire($w['fields']),
                    '91' => CommentFields::fromWire($w['fields']),
                    '96' => MarketingawidgetFields::fromWire($w['fields']),
                    '97' => SupportwidgetFields::fromWire($w['fields']),
                    default => $w['fields'],
                }
                : null,
            modificatorid: isset($w['modificatorid']) && is_numeric($w['modificatorid'])
                ? (int) $w['modificatorid']
                : null,
            modificatorname: isset($w['modificatorname']) && !is_array($w['modificatorname'] ?? null)
                ? (string) $w['modificatorname']
                : null,
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'level' => $this->level,
                'cn' => $this->cn,
                'created' => $this->created,
                'viewed' => $this->viewed,
                'updated' => $this->updated,
                'flagged' => $this->flagged === null ? null : ($this->flagged ? 1 : 0),
                'typeid' => $this->typeid,
                'parent' => $this->parent,
                'creatorid' => $this->creatorid,
                'creatorname' => $this->creatorname,
                'position' => $this->position,
                'fields' =>
                    $this->fields instanceof \Crmgen\Client\Model\WireValue ? $this->fields->toWire() : $this->fields,
                'modificatorid' => $this->modificatorid,
                'modificatorname' => $this->modificatorname,
                'id' => $this->id,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
