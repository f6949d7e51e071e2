<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** One HTTP response: status, headers (lower-case names, last value wins) and body bytes. */
final class HttpResponse
{
    /** @param array<string, string> $headers */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly string $body,
    ) {
    }

    public function header(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }
}
