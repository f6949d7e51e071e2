<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

/** A value class the codec reads and writes. */
interface WireValue
{
    /** @return array<string, mixed> */
    public function toWire(): array;
}
