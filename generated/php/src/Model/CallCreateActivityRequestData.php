<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class CallCreateActivityRequestData implements WireValue
{
    public function __construct(
        public readonly ?string $details = null,
        public readonly \DateTimeInterface|string|null $dateoccured = null,
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
                'dateoccured' =>
                    $this->dateoccured instanceof \DateTimeInterface
                        ? $this->dateoccured->format(\Crmgen\Client\Api::DATE_FORMAT)
                        : $this->dateoccured,
                'duration' => $this->duration,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
