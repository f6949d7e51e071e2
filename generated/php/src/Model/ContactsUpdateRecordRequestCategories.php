<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ContactsUpdateRecordRequestCategories implements WireValue
{
    public function __construct(
        /** @var list<int>|null */
        public readonly ?array $add = null,
        /** @var list<int>|null */
        public readonly ?array $remove = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            add: is_array($w['add'] ?? null)
                ? array_map(static fn($e) => isset($e) && is_numeric($e) ? (int) $e : null, array_values($w['add']))
                : null,
            remove: is_array($w['remove'] ?? null)
                ? array_map(static fn($e) => isset($e) && is_numeric($e) ? (int) $e : null, array_values($w['remove']))
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'add' => $this->add === null ? null : array_map(static fn($e) => $e, $this->add),
                'remove' => $this->remove === null ? null : array_map(static fn($e) => $e, $this->remove),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
