<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ProjectblogsCreateRecordResponseItem implements WireValue
{
    public function __construct(
        public readonly ?\Crmgen\Client\Id\ProjectblogId $id = null,
        public readonly ?string $name = null,
        public readonly ?int $typeid = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $viewed = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $updated = null,
        public readonly ?int $ownership = null,
        /** @var string|null the name of ownership */
        public readonly ?string $ownershipCn = null,
        public readonly ?bool $flagged = null,
        public readonly ?ProjectblogsCreateRecordResponseItemFields $fields = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) ? new \Crmgen\Client\Id\ProjectblogId((int) $w['id']) : null,
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
            typeid: isset($w['typeid']) && is_numeric($w['typeid']) ? (int) $w['typeid'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            viewed: isset($w['viewed']) ? (string) $w['viewed'] : null,
            updated: isset($w['updated']) ? (string) $w['updated'] : null,
            ownership: isset($w['ownership']) && is_numeric($w['ownership']) ? (int) $w['ownership'] : null,
            ownershipCn: isset($w['ownership@cn']) ? (string) $w['ownership@cn'] : null,
            flagged: isset($w['flagged']) ? (bool) $w['flagged'] : null,
            fields: is_array($w['fields'] ?? null)
                ? ProjectblogsCreateRecordResponseItemFields::fromWire($w['fields'])
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id?->value,
                'name' => $this->name,
                'typeid' => $this->typeid,
                'created' => $this->created,
                'viewed' => $this->viewed,
                'updated' => $this->updated,
                'ownership' => $this->ownership,
                'ownership@cn' => $this->ownershipCn,
                'flagged' => $this->flagged === null ? null : ($this->flagged ? 1 : 0),
                'fields' => $this->fields?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
