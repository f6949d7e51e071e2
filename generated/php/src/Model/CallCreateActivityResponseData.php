<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class CallCreateActivityResponseData implements WireValue
{
    public function __construct(
        public readonly ?string $details = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $dateoccured = null,
        public readonly ?int $duration = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            dateoccured: isset($w['dateoccured']) ? (string) $w['dateoccured'] : null,
            duration: isset($w['duration']) && is_numeric($w['duration']) ? (int) $w['duration'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'details' => $this->details,
                'dateoccured' => $this->dateoccured,
                'duration' => $this->duration,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
