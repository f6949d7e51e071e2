<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** One HTTP request as a transport sends it. */
final class HttpRequest
{
    /** @param array<string, string> $headers lower-case names */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        public readonly string $body,
        public readonly float $timeoutSeconds,
    ) {
    }
}
