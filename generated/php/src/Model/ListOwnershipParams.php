<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListOwnershipParams implements WireValue
{
    public function __construct(public readonly ?bool $deleted = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(deleted: isset($w['deleted']) ? (bool) $w['deleted'] : null);
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'deleted' => $this->deleted === null ? null : ($this->deleted ? 1 : 0),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
