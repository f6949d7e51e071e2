<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListHooksResponseHook implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?string $type = null,
        public readonly ?string $title = null,
        public readonly ?bool $active = null,
        public readonly ?string $event = null,
        public readonly ?string $constrainttype = null,
        public readonly ?string $url = null,
        public readonly ?string $contenttype = null,
        public readonly ?string $secret = null,
        public readonly ?string $disabledreason = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            type: isset($w['type']) && !is_array($w['type'] ?? null) ? (string) $w['type'] : null,
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            active: isset($w['active']) ? (bool) $w['active'] : null,
            event: isset($w['event']) && !is_array($w['event'] ?? null) ? (string) $w['event'] : null,
            constrainttype: isset($w['constrainttype']) && !is_array($w['constrainttype'] ?? null)
                ? (string) $w['constrainttype']
                : null,
            url: isset($w['url']) && !is_array($w['url'] ?? null) ? (string) $w['url'] : null,
            contenttype: isset($w['contenttype']) && !is_array($w['contenttype'] ?? null)
                ? (string) $w['contenttype']
                : null,
            secret: isset($w['secret']) && !is_array($w['secret'] ?? null) ? (string) $w['secret'] : null,
            disabledreason: isset($w['disabledreason']) && !is_array($w['disabledreason'] ?? null)
                ? (string) $w['disabledreason']
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'type' => $this->type,
                'title' => $this->title,
                'active' => $this->active === null ? null : ($this->active ? 1 : 0),
                'event' => $this->event,
                'constrainttype' => $this->constrainttype,
                'url' => $this->url,
                'contenttype' => $this->contenttype,
                'secret' => $this->secret,
                'disabledreason' => $this->disabledreason,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
