<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class AttachmentfileCreateActivityRequestData implements WireValue
{
    public function __construct(public readonly ?AttachmentfileCreateActivityRequestDataFile $file = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            file: is_array($w['file'] ?? null)
                ? AttachmentfileCreateActivityRequestDataFile::fromWire($w['file'])
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'file' => $this->file?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
