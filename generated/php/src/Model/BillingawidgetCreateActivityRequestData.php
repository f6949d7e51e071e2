<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class BillingawidgetCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?int $clientid = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(clientid: isset($w['clientid']) && is_numeric($w['clientid']) ? (int) $w['clientid'] : null);
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'clientid' => $this->clientid,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
