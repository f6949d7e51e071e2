<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class BillingawidgetCreateActivityRequest implements WireValue
{
    public function __construct(
        /** @var \Crmgen\Client\Id\BillingawidgetParent|null the id of a parent this activity type may sit under (a wire value reads as the first of them) */
        public readonly ?\Crmgen\Client\Id\BillingawidgetParent $parent = null,
        public readonly ?BillingawidgetCreateActivityRequestData $data = null,
        public readonly ?bool $flagged = null,
        public readonly ?int $after = null,
        public readonly ?int $before = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            parent: isset($w['parent']) ? new \Crmgen\Client\Id\ContactId((int) $w['parent']) : null,
            data: is_array($w['data'] ?? null) ? BillingawidgetCreateActivityRequestData::fromWire($w['data']) : null,
            flagged: isset($w['flagged']) ? (bool) $w['flagged'] : null,
            after: isset($w['after']) && is_numeric($w['after']) ? (int) $w['after'] : null,
            before: isset($w['before']) && is_numeric($w['before']) ? (int) $w['before'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'parent' => $this->parent?->value,
                'data' => $this->data?->toWire(),
                'flagged' => $this->flagged === null ? null : ($this->flagged ? 1 : 0),
                'after' => $this->after,
                'before' => $this->before,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
