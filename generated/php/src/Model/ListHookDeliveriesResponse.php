<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListHookDeliveriesResponse implements WireValue
{
    public function __construct(
        /** @var list<ListHookDeliveriesResponseDelivery>|null */
        public readonly ?array $deliveries = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            deliveries: is_array($w['deliveries'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ListHookDeliveriesResponseDelivery => ListHookDeliveriesResponseDelivery::fromWire($e),
                    array_values($w['deliveries']),
                )
                : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'deliveries' =>
                    $this->deliveries === null
                        ? null
                        : array_map(
                            static fn(ListHookDeliveriesResponseDelivery $e): array => $e->toWire(),
                            $this->deliveries,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
