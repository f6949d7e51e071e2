<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class LinkedemailsCreateActivityRequestData implements WireValue
{
    public function __construct(
        /** @var list<string>|null */
        public readonly ?array $fields = null,
        /** @var list<string>|null */
        public readonly ?array $keywords = null,
        /** @var list<string>|null */
        public readonly ?array $exceptions = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            fields: is_array($w['fields'] ?? null) ? array_map('strval', $w['fields']) : null,
            keywords: is_array($w['keywords'] ?? null) ? array_map('strval', $w['keywords']) : null,
            exceptions: is_array($w['exceptions'] ?? null) ? array_map('strval', $w['exceptions']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'fields' => $this->fields,
                'keywords' => $this->keywords,
                'exceptions' => $this->exceptions,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
