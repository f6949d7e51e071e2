<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TimerecordFields implements ActivityFields
{
    public function __construct(
        /** @var string|null a date as the service writes it */
        public readonly ?string $date = null,
        public readonly ?int $person = null,
        /** @var string|null the name of person */
        public readonly ?string $personCn = null,
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
            personCn: isset($w['person@cn']) ? (string) $w['person@cn'] : null,
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
                'date' => $this->date,
                'person' => $this->person,
                'person@cn' => $this->personCn,
                'hours' => $this->hours,
                'billable' => $this->billable === null ? null : ($this->billable ? 1 : 0),
                'details' => $this->details,
                'invoiced' => $this->invoiced,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
