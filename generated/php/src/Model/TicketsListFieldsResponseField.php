<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsListFieldsResponseField implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?string $name = null,
        public readonly ?string $label = null,
        public readonly ?string $type = null,
        /** @var list<string>|null */
        public readonly ?array $options = null,
        /** @var list<int>|null */
        public readonly ?array $categories = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
            label: isset($w['label']) && !is_array($w['label'] ?? null) ? (string) $w['label'] : null,
            type: isset($w['type']) && !is_array($w['type'] ?? null) ? (string) $w['type'] : null,
            options: is_array($w['options'] ?? null)
                ? array_map(
                    static fn($e) => isset($e) && !is_array($e ?? null) ? (string) $e : null,
                    array_values($w['options']),
                )
                : null,
            categories: is_array($w['categories'] ?? null)
                ? array_map(
                    static fn($e) => isset($e) && is_numeric($e) ? (int) $e : null,
                    array_values($w['categories']),
                )
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
                'label' => $this->label,
                'type' => $this->type,
                'options' => $this->options === null ? null : array_map(static fn($e) => $e, $this->options),
                'categories' => $this->categories === null ? null : array_map(static fn($e) => $e, $this->categories),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
