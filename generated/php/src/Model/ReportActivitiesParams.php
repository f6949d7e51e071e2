<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportActivitiesParams implements WireValue
{
    public function __construct(
        public readonly \DateTimeInterface|string|null $start = null,
        public readonly \DateTimeInterface|string|null $end = null,
        public readonly ?\Crmgen\Client\Enum\Lastmodes $last = null,
        /** @var list<int>|null */
        public readonly ?array $types = null,
        /** @var list<int>|null */
        public readonly ?array $users = null,
        /** @var list<int>|null */
        public readonly ?array $categories = null,
        /** @var list<int>|null */
        public readonly ?array $itemtypes = null,
        public readonly ?\Crmgen\Client\Enum\Itemsdata $itemsdata = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            start: isset($w['start']) ? (string) $w['start'] : null,
            end: isset($w['end']) ? (string) $w['end'] : null,
            last: isset($w['last']) ? \Crmgen\Client\Enum\Lastmodes::from((string) $w['last']) : null,
            types: is_array($w['types'] ?? null) ? array_map('intval', $w['types']) : null,
            users: is_array($w['users'] ?? null) ? array_map('intval', $w['users']) : null,
            categories: is_array($w['categories'] ?? null) ? array_map('intval', $w['categories']) : null,
            itemtypes: is_array($w['itemtypes'] ?? null) ? array_map('intval', $w['itemtypes']) : null,
            itemsdata: isset($w['itemsdata']) ? \Crmgen\Client\Enum\Itemsdata::from((int) $w['itemsdata']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'start' => $this->start instanceof \DateTimeInterface ? $this->start->format('Y-m-d') : $this->start,
                'end' => $this->end instanceof \DateTimeInterface ? $this->end->format('Y-m-d') : $this->end,
                'last' => $this->last?->value,
                'types' => $this->types,
                'users' => $this->users,
                'categories' => $this->categories,
                'itemtypes' => $this->itemtypes,
                'itemsdata' => $this->itemsdata?->value,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
