<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class PhotolistCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?string $title = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null);
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'title' => $this->title,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
