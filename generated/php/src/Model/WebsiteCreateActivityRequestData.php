<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class WebsiteCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?string $caption = null, public readonly ?string $url = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            caption: isset($w['caption']) && !is_array($w['caption'] ?? null) ? (string) $w['caption'] : null,
            url: isset($w['url']) && !is_array($w['url'] ?? null) ? (string) $w['url'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'caption' => $this->caption,
                'url' => $this->url,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
