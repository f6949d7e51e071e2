<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class CompaniesUpdateRecordRequestRelateditems implements WireValue
{
    public function __construct(
        /** @var list<CompaniesCreateRecordRequestRelateditemsRelatedto>|null */
        public readonly ?array $add = null,
        /** @var list<CompaniesUpdateRecordRequestRelateditemsRelatedto>|null */
        public readonly ?array $remove = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            add: is_array($w['add'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): CompaniesCreateRecordRequestRelateditemsRelatedto => CompaniesCreateRecordRequestRelateditemsRelatedto::fromWire(
                        $e,
                    ),
                    array_values($w['add']),
                )
                : null,
            remove: is_array($w['remove'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): CompaniesUpdateRecordRequestRelateditemsRelatedto => CompaniesUpdateRecordRequestRelateditemsRelatedto::fromWire(
                        $e,
                    ),
                    array_values($w['remove']),
                )
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'add' =>
                    $this->add === null
                        ? null
                        : array_map(
                            static fn(CompaniesCreateRecordRequestRelateditemsRelatedto $e): array => $e->toWire(),
                            $this->add,
                        ),
                'remove' =>
                    $this->remove === null
                        ? null
                        : array_map(
                            static fn(CompaniesUpdateRecordRequestRelateditemsRelatedto $e): array => $e->toWire(),
                            $this->remove,
                        ),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
