<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class CommentFields implements ActivityFields
{
    public function __construct(public readonly ?string $posttext = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            posttext: isset($w['posttext']) && !is_array($w['posttext'] ?? null) ? (string) $w['posttext'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'posttext' => $this->posttext,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
