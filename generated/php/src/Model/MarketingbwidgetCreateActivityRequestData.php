<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class MarketingbwidgetCreateActivityRequestData implements WireValue
{
    public function __construct() {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self();
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter([], static fn($v): bool => $v !== null);
    }
}
