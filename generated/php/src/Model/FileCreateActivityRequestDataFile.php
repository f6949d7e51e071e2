<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class FileCreateActivityRequestDataFile implements WireValue
{
    public function __construct(
        public readonly ?string $filename = null,
        public readonly ?string $contenttype = null,
        public readonly ?int $size = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            filename: isset($w['filename']) && !is_array($w['filename'] ?? null) ? (string) $w['filename'] : null,
            contenttype: isset($w['contenttype']) && !is_array($w['contenttype'] ?? null)
                ? (string) $w['contenttype']
                : null,
            size: isset($w['size']) && is_numeric($w['size']) ? (int) $w['size'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'filename' => $this->filename,
                'contenttype' => $this->contenttype,
                'size' => $this->size,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
