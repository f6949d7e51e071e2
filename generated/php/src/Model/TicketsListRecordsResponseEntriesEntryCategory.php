<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsListRecordsResponseEntriesEntryCategory implements WireValue
{
    public function __construct(public readonly ?int $id = null, public readonly ?string $name = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'name' => $this->name,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
