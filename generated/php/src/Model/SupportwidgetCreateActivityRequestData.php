<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class SupportwidgetCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?int $userid = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(userid: isset($w['userid']) && is_numeric($w['userid']) ? (int) $w['userid'] : null);
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'userid' => $this->userid,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
