<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsListCategoriesResponse implements WireValue
{
    public function __construct(
        /** @var list<TicketsListRecordsResponseEntriesEntryCategory>|null */
        public readonly ?array $categories = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            categories: is_array($w['categories'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): TicketsListRecordsResponseEntriesEntryCategory => TicketsListRecordsResponseEntriesEntryCategory::fromWire(
                        $e,
                    ),
                    array_values($w['categories']),
                )
                : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'categories' =>
                    $this->categories === null
                        ? null
                        : array_map(
                            static fn(TicketsListRecordsResponseEntriesEntryCategory $e): array => $e->toWire(),
                            $this->categories,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
