<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportOpportunitiesParams implements WireValue
{
    public function __construct(
        public readonly int|string|null $filter = null,
        public readonly ?\Crmgen\Client\Enum\Reportopportunitystatuses $status = null,
        public readonly ?string $due = null,
        public readonly ?\Crmgen\Client\Enum\Itemsdata $itemsdata = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            filter: isset($w['filter']) ? $w['filter'] : null,
            status: isset($w['status'])
                ? \Crmgen\Client\Enum\Reportopportunitystatuses::from((string) $w['status'])
                : null,
            due: isset($w['due']) && !is_array($w['due'] ?? null) ? (string) $w['due'] : null,
            itemsdata: isset($w['itemsdata']) ? \Crmgen\Client\Enum\Itemsdata::from((int) $w['itemsdata']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'filter' => $this->filter,
                'status' => $this->status?->value,
                'due' => $this->due,
                'itemsdata' => $this->itemsdata?->value,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
