<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class UpdateHookRequest implements WireValue
{
    public function __construct(
        public readonly ?\Crmgen\Client\Enum\Hooktypes $type = null,
        public readonly ?string $title = null,
        public readonly ?bool $active = null,
        public readonly ?\Crmgen\Client\Enum\Hookevents $event = null,
        public readonly ?string $constrainttype = null,
        public readonly ?string $url = null,
        public readonly ?\Crmgen\Client\Enum\Contenttypes $contenttype = null,
        public readonly ?string $secret = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            type: isset($w['type']) ? \Crmgen\Client\Enum\Hooktypes::from((string) $w['type']) : null,
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            active: isset($w['active']) ? (bool) $w['active'] : null,
            event: isset($w['event']) ? \Crmgen\Client\Enum\Hookevents::from((string) $w['event']) : null,
            constrainttype: isset($w['constrainttype']) && !is_array($w['constrainttype'] ?? null)
                ? (string) $w['constrainttype']
                : null,
            url: isset($w['url']) && !is_array($w['url'] ?? null) ? (string) $w['url'] : null,
            contenttype: isset($w['contenttype'])
                ? \Crmgen\Client\Enum\Contenttypes::from((string) $w['contenttype'])
                : null,
            secret: isset($w['secret']) && !is_array($w['secret'] ?? null) ? (string) $w['secret'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'type' => $this->type?->value,
                'title' => $this->title,
                'active' => $this->active === null ? null : ($this->active ? 1 : 0),
                'event' => $this->event?->value,
                'constrainttype' => $this->constrainttype,
                'url' => $this->url,
                'contenttype' => $this->contenttype?->value,
                'secret' => $this->secret,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
