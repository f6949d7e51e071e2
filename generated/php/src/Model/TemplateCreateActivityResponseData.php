<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TemplateCreateActivityResponseData implements WireValue
{
    public function __construct(public readonly ?int $templateid = null) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            templateid: isset($w['templateid']) && is_numeric($w['templateid']) ? (int) $w['templateid'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'templateid' => $this->templateid,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
