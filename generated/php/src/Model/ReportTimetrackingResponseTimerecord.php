<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportTimetrackingResponseTimerecord implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?int $type = null,
        public readonly ?int $itemid = null,
        public readonly ?int $itemtype = null,
        public readonly ?int $tasklistid = null,
        public readonly ?int $taskid = null,
        public readonly ?int $owner = null,
        /** @var string|null the name of owner */
        public readonly ?string $ownerCn = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        public readonly ?bool $billable = null,
        public readonly ?int $person = null,
        /** @var string|null the name of person */
        public readonly ?string $personCn = null,
        public readonly ?float $hours = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $date = null,
        public readonly ?string $invoiced = null,
        public readonly ?string $details = null,
        public readonly ?string $itemname = null,
        public readonly ?string $tasklistname = null,
        public readonly ?string $taskname = null,
        public readonly ?ReportNextactionsResponseActionItem $item = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            type: isset($w['type']) && is_numeric($w['type']) ? (int) $w['type'] : null,
            itemid: isset($w['itemid']) && is_numeric($w['itemid']) ? (int) $w['itemid'] : null,
            itemtype: isset($w['itemtype']) && is_numeric($w['itemtype']) ? (int) $w['itemtype'] : null,
            tasklistid: isset($w['tasklistid']) && is_numeric($w['tasklistid']) ? (int) $w['tasklistid'] : null,
            taskid: isset($w['taskid']) && is_numeric($w['taskid']) ? (int) $w['taskid'] : null,
            owner: isset($w['owner']) && is_numeric($w['owner']) ? (int) $w['owner'] : null,
            ownerCn: isset($w['owner@cn']) ? (string) $w['owner@cn'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            billable: isset($w['billable']) ? (bool) $w['billable'] : null,
            person: isset($w['person']) && is_numeric($w['person']) ? (int) $w['person'] : null,
            personCn: isset($w['person@cn']) ? (string) $w['person@cn'] : null,
            hours: isset($w['hours']) && is_numeric($w['hours']) ? (float) $w['hours'] : null,
            date: isset($w['date']) ? (string) $w['date'] : null,
            invoiced: isset($w['invoiced']) && !is_array($w['invoiced'] ?? null) ? (string) $w['invoiced'] : null,
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            itemname: isset($w['itemname']) && !is_array($w['itemname'] ?? null) ? (string) $w['itemname'] : null,
            tasklistname: isset($w['tasklistname']) && !is_array($w['tasklistname'] ?? null)
                ? (string) $w['tasklistname']
                : null,
            taskname: isset($w['taskname']) && !is_array($w['taskname'] ?? null) ? (string) $w['taskname'] : null,
            item: is_array($w['item'] ?? null) ? ReportNextactionsResponseActionItem::fromWire($w['item']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'type' => $this->type,
                'itemid' => $this->itemid,
                'itemtype' => $this->itemtype,
                'tasklistid' => $this->tasklistid,
                'taskid' => $this->taskid,
                'owner' => $this->owner,
                'owner@cn' => $this->ownerCn,
                'created' => $this->created,
                'billable' => $this->billable === null ? null : ($this->billable ? 1 : 0),
                'person' => $this->person,
                'person@cn' => $this->personCn,
                'hours' => $this->hours,
                'date' => $this->date,
                'invoiced' => $this->invoiced,
                'details' => $this->details,
                'itemname' => $this->itemname,
                'tasklistname' => $this->tasklistname,
                'taskname' => $this->taskname,
                'item' => $this->item?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
