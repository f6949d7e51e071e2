<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportNextactionsResponseActionItem implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?string $name = null,
        public readonly ?int $typeid = null,
        public readonly ?ReportNextactionsResponseActionItemFields $fields = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
            typeid: isset($w['typeid']) && is_numeric($w['typeid']) ? (int) $w['typeid'] : null,
            fields: is_array($w['fields'] ?? null)
                ? ReportNextactionsResponseActionItemFields::fromWire($w['fields'])
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'name' => $this->name,
                'typeid' => $this->typeid,
                'fields' => $this->fields?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
