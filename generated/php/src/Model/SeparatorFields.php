<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class SeparatorFields implements ActivityFields
{
    public function __construct(public readonly ?string $title = null, public readonly ?bool $hidesiblings = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            hidesiblings: isset($w['hidesiblings']) ? (bool) $w['hidesiblings'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'title' => $this->title,
                'hidesiblings' => $this->hidesiblings === null ? null : ($this->hidesiblings ? 1 : 0),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
