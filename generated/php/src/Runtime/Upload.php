<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** A file sent with an activity (multipart/form-data): its bytes, name and type. */
final class Upload
{
    public function __construct(
        public readonly string $contents,
        public readonly ?string $filename = null,
        public readonly ?string $contentType = null,
    ) {
    }

    /** The file at `path`, named after it. */
    public static function fromFile(string $path, ?string $contentType = null): self
    {
        $contents = @file_get_contents($path);
        if ($contents === false) {
            throw new \InvalidArgumentException("cannot read {$path}");
        }
        return new self($contents, basename($path), $contentType);
    }
}
