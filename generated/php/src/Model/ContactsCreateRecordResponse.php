<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ContactsCreateRecordResponse implements WireValue
{
    public function __construct(
        public readonly ?ContactsCreateRecordResponseItem $item = null,
        /** @var list<ContactsCreateRecordResponseActivities>|null */
        public readonly ?array $activities = null,
        /** @var list<ContactsListRecordsResponseEntriesEntryCategory>|null */
        public readonly ?array $categories = null,
        /** @var list<ContactsCreateRecordResponseRelatedto>|null */
        public readonly ?array $relateditems = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            item: is_array($w['item'] ?? null) ? ContactsCreateRecordResponseItem::fromWire($w['item']) : null,
            activities: is_array($w['activities'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ContactsCreateRecordResponseActivities => ContactsCreateRecordResponseActivities::fromWire($e),
                    array_values($w['activities']),
                )
                : null,
            categories: is_array($w['categories'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ContactsListRecordsResponseEntriesEntryCategory => ContactsListRecordsResponseEntriesEntryCategory::fromWire(
                        $e,
                    ),
                    array_values($w['categories']),
                )
                : null,
            relateditems: is_array($w['relateditems'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ContactsCreateRecordResponseRelatedto => ContactsCreateRecordResponseRelatedto::fromWire($e),
                    array_values($w['relateditems']),
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
                'item' => $this->item?->toWire(),
                'activities' =>
                    $this->activities === null
                        ? null
                        : array_map(
                            static fn(ContactsCreateRecordResponseActivities $e): array => $e->toWire(),
                            $this->activities,
                        ),
                'categories' =>
                    $this->categories === null
                        ? null
                        : array_map(
                            static fn(ContactsListRecordsResponseEntriesEntryCategory $e): array => $e->toWire(),
                            $this->categories,
                        ),
                'relateditems' =>
                    $this->relateditems === null
                        ? null
                        : array_map(
                            static fn(ContactsCreateRecordResponseRelatedto $e): array => $e->toWire(),
                            $this->relateditems,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
