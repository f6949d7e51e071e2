<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** The service's call quota, from its quota header ("used/allowed"). */
final class Quota
{
    public function __construct(public readonly int $used, public readonly int $allowed)
    {
    }

    public static function parse(?string $header): ?self
    {
        if ($header === null || preg_match('/^\s*(\d+)\s*\/\s*(\d+)\s*$/', $header, $m) !== 1) {
            return null;
        }
        return new self((int) $m[1], (int) $m[2]);
    }
}
