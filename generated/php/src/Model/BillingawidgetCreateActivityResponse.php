<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class BillingawidgetCreateActivityResponse implements WireValue
{
    public function __construct(
        public readonly ?\Crmgen\Client\Id\BillingawidgetId $id = null,
        public readonly ?BillingawidgetCreateActivityResponseData $data = null,
        public readonly ?string $created = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) ? new \Crmgen\Client\Id\BillingawidgetId((int) $w['id']) : null,
            data: is_array($w['data'] ?? null) ? BillingawidgetCreateActivityResponseData::fromWire($w['data']) : null,
            created: isset($w['created']) && !is_array($w['created'] ?? null) ? (string) $w['created'] : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id?->value,
                'data' => $this->data?->toWire(),
                'created' => $this->created,
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
