<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class BillingbwidgetCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?int $contactid = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            contactid: isset($w['contactid']) && is_numeric($w['contactid']) ? (int) $w['contactid'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'contactid' => $this->contactid,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
