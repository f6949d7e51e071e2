<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** The raw side of an answer: status, headers, Location and quota. */
final class ResponseInfo
{
    /** @param array<string, string> $headers lower-case names */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly ?string $location,
        public readonly ?Quota $quota,
    ) {
    }
}
