<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TimerecordCreateActivityRequestData implements WireValue
{
    public function __construct(
        public readonly \DateTimeInterface|string|null $date = null,
        public readonly ?int $person = null,
        public readonly ?float $hours = null,
        public readonly ?bool $billable = null,
        public readonly ?string $details = null,
        public readonly ?string $invoiced = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            date: isset($w['date']) ? (string) $w['date'] : null,
            person: isset($w['person']) && is_numeric($w['person']) ? (int) $w['person'] : null,
            hours: isset($w['hours']) && is_numeric($w['hours']) ? (float) $w['hours'] : null,
            billable: isset($w['billable']) ? (bool) $w['billable'] : null,
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            invoiced: isset($w['invoiced']) && !is_array($w['invoiced'] ?? null) ? (string) $w['invoiced'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'date' => $this->date instanceof \DateTimeInterface ? $this->date->format('Y-m-d') : $this->date,
                'person' => $this->person,
                'hours' => $this->hours,
                'billable' => $this->billable === null ? null : ($this->billable ? 1 : 0),
                'details' => $this->details,
                'invoiced' => $this->invoiced,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
