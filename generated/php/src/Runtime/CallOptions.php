<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** Per-call options: a timeout in seconds and extra headers. */
final class CallOptions
{
    /** @param array<string, string> $headers */
    public function __construct(
        public readonly ?float $timeoutSeconds = null,
        public readonly array $headers = [],
    ) {
    }
}
