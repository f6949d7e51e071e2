<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsListRecordsResponse implements WireValue
{
    public function __construct(
        public readonly ?int $count = null,
        public readonly ?string $status = null,
        /** @var list<TicketsListRecordsResponseEntriesEntry>|null */
        public readonly ?array $entries = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            count: isset($w['count']) && is_numeric($w['count']) ? (int) $w['count'] : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
            entries: is_array($w['entries'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): TicketsListRecordsResponseEntriesEntry => TicketsListRecordsResponseEntriesEntry::fromWire($e),
                    array_values($w['entries']),
                )
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'count' => $this->count,
                'status' => $this->status,
                'entries' =>
                    $this->entries === null
                        ? null
                        : array_map(
                            static fn(TicketsListRecordsResponseEntriesEntry $e): array => $e->toWire(),
                            $this->entries,
                        ),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
