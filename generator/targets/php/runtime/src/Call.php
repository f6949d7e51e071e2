<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** One operation call, described for the connection: wire-shaped values and their descriptors. */
final class Call
{
    /**
     * @param array<string, mixed>|null $queryDesc
     * @param array<string, mixed>|null $bodyDesc
     * @param array<string, mixed>|null $responseDesc
     * @param array<string, mixed> $query wire-shaped query parameters
     * @param array<string, mixed>|null $body wire-shaped body
     * @param array<string, Upload> $files files sent with the body (multipart/form-data), by field
     */
    public function __construct(
        public readonly string $method,
        public readonly string $path,
        public readonly ?array $queryDesc = null,
        public readonly array $query = [],
        public readonly ?array $bodyDesc = null,
        public readonly ?array $body = null,
        public readonly ?array $responseDesc = null,
        public readonly array $files = [],
    ) {
    }
}
