<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportCalendarParams implements WireValue
{
    public function __construct(
        public readonly \DateTimeInterface|string|null $start = null,
        public readonly \DateTimeInterface|string|null $end = null,
        public readonly int|string|null $filter = null,
        public readonly ?\Crmgen\Client\Enum\Itemsdata $itemsdata = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            start: isset($w['start']) ? (string) $w['start'] : null,
            end: isset($w['end']) ? (string) $w['end'] : null,
            filter: isset($w['filter']) ? $w['filter'] : null,
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
                'filter' => $this->filter,
                'itemsdata' => $this->itemsdata?->value,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
