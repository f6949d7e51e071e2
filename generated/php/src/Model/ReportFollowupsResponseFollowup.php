<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportFollowupsResponseFollowup implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?int $type = null,
        public readonly ?int $itemid = null,
        public readonly ?int $itemtype = null,
        public readonly ?string $itemname = null,
        public readonly ?int $owner = null,
        /** @var string|null the name of owner */
        public readonly ?string $ownerCn = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        public readonly ?string $details = null,
        public readonly ?int $assignedto = null,
        /** @var string|null the name of assignedto */
        public readonly ?string $assignedtoCn = null,
        public readonly ?bool $nodate = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $duedate = null,
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
            itemname: isset($w['itemname']) && !is_array($w['itemname'] ?? null) ? (string) $w['itemname'] : null,
            owner: isset($w['owner']) && is_numeric($w['owner']) ? (int) $w['owner'] : null,
            ownerCn: isset($w['owner@cn']) ? (string) $w['owner@cn'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            assignedto: isset($w['assignedto']) && is_numeric($w['assignedto']) ? (int) $w['assignedto'] : null,
            assignedtoCn: isset($w['assignedto@cn']) ? (string) $w['assignedto@cn'] : null,
            nodate: isset($w['nodate']) ? (bool) $w['nodate'] : null,
            duedate: isset($w['duedate']) ? (string) $w['duedate'] : null,
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
                'itemname' => $this->itemname,
                'owner' => $this->owner,
                'owner@cn' => $this->ownerCn,
                'created' => $this->created,
                'details' => $this->details,
                'assignedto' => $this->assignedto,
                'assignedto@cn' => $this->assignedtoCn,
                'nodate' => $this->nodate === null ? null : ($this->nodate ? 1 : 0),
                'duedate' => $this->duedate,
                'item' => $this->item?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
