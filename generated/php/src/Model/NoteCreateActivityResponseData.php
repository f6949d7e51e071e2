<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class NoteCreateActivityResponseData implements WireValue
{
    public function __construct(public readonly ?string $details = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'details' => $this->details,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
