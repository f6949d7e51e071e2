<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportActivitiesResponseActivity implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?int $type = null,
        public readonly ?int $typeid = null,
        public readonly ?int $parent = null,
        public readonly ?int $parenttypeid = null,
        public readonly ?int $itemid = null,
        public readonly ?int $itemtype = null,
        public readonly ?string $itemname = null,
        public readonly ?int $owner = null,
        /** @var string|null the name of owner */
        public readonly ?string $ownerCn = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $updated = null,
        public readonly ?string $title = null,
        public readonly ?bool $completed = null,
        /** @var \Crmgen\Client\Model\ActivityFields|array<string, mixed>|null the activity type's fields, by typeid (an unknown type: array<string, mixed>) */
        public readonly \Crmgen\Client\Model\ActivityFields|array|null $fields = null,
        /** @var list<ReportActivitiesResponseActivityComment>|null */
        public readonly ?array $comments = null,
        public readonly ?ReportNextactionsResponseActionItem $item = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            type: isset($w['type']) && is_numeric($w['type']) ? (int) $w['type'] : null,
            typeid: isset($w['typeid']) && is_numeric($w['typeid']) ? (int) $w['typeid'] : null,
            parent: isset($w['parent']) && is_numeric($w['parent']) ? (int) $w['parent'] : null,
            parenttypeid: isset($w['parenttypeid']) && is_numeric($w['parenttypeid']) ? (int) $w['parenttypeid'] : null,
            itemid: isset($w['itemid']) && is_numeric($w['itemid']) ? (int) $w['itemid'] : null,
            itemtype: isset($w['itemtype']) && is_numeric($w['itemtype']) ? (int) $w['itemtype'] : null,
            itemname: isset($w['itemname']) && !is_array($w['itemname'] ?? null) ? (string) $w['itemname'] : null,
            owner: isset($w['owner']) && is_numeric($w['owner']) ? (int) $w['owner'] : null,
            ownerCn: isset($w['owner@cn']) ? (string) $w['owner@cn'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            updated: isset($w['updated']) ? (string) $w['updated'] : null,
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            completed: isset($w['completed']) ? (bool) $w['completed'] : null,
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
            comments: is_array($w['comments'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ReportActivitiesResponseActivityComment => ReportActivitiesResponseActivityComment::fromWire($e),
                    array_values($w['comments']),
                )
                : null,
            item: is_array($w['item'] ?? null) ? ReportNextactionsResponseActionItem::fromWire($w['item']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'type' => $this->type,
                'typeid' => $this->typeid,
                'parent' => $this->parent,
                'parenttypeid' => $this->parenttypeid,
                'itemid' => $this->itemid,
                'itemtype' => $this->itemtype,
                'itemname' => $this->itemname,
                'owner' => $this->owner,
                'owner@cn' => $this->ownerCn,
                'created' => $this->created,
                'updated' => $this->updated,
                'title' => $this->title,
                'completed' => $this->completed === null ? null : ($this->completed ? 1 : 0),
                'fields' =>
                    $this->fields instanceof \Crmgen\Client\Model\WireValue ? $this->fields->toWire() : $this->fields,
                'comments' =>
                    $this->comments === null
                        ? null
                        : array_map(
                            static fn(ReportActivitiesResponseActivityComment $e): array => $e->toWire(),
                            $this->comments,
                        ),
                'item' => $this->item?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
