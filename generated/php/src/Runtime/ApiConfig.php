<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** The API facts the runtime works with, written from the spec by the generated Api class. */
final class ApiConfig
{
    /**
     * @param array{xml: string, json: string} $contentTypes
     * @param array<string, mixed> $errorDesc the error envelope's descriptor
     * @param array{maxBytes: int, maxDepth: int, maxElements: int} $xmlLimits
     * @param array{path: string, method: string, maxParts: int, contentType: string, partContentType: string} $batch
     * @param array<string, string> $datePatterns pattern => the date forms it accepts, by scalar code (d, dt, dd)
     */
    public function __construct(
        public readonly string $requestRoot,
        public readonly string $responseRoot,
        public readonly array $contentTypes,
        public readonly string $quotaHeader,
        public readonly string $signatureHeader,
        public readonly array $errorDesc,
        public readonly array $xmlLimits,
        public readonly array $batch,
        public readonly array $datePatterns,
        public readonly string $dateFormat,
    ) {
    }
}
