<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportOpportunitiesResponseOpportunity implements WireValue
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
        /** @var string|null a date as the service writes it */
        public readonly ?string $modified = null,
        public readonly ?string $description = null,
        public readonly ?float $valueunit = null,
        public readonly ?string $valuecurrency = null,
        public readonly ?string $valueinterval = null,
        public readonly ?int $valueduration = null,
        public readonly ?int $stage = null,
        public readonly ?int $probability = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $closingdate = null,
        public readonly ?int $responsible = null,
        /** @var string|null the name of responsible */
        public readonly ?string $responsibleCn = null,
        public readonly ?string $status = null,
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
            modified: isset($w['modified']) ? (string) $w['modified'] : null,
            description: isset($w['description']) && !is_array($w['description'] ?? null)
                ? (string) $w['description']
                : null,
            valueunit: isset($w['valueunit']) && is_numeric($w['valueunit']) ? (float) $w['valueunit'] : null,
            valuecurrency: isset($w['valuecurrency']) && !is_array($w['valuecurrency'] ?? null)
                ? (string) $w['valuecurrency']
                : null,
            valueinterval: isset($w['valueinterval']) && !is_array($w['valueinterval'] ?? null)
                ? (string) $w['valueinterval']
                : null,
            valueduration: isset($w['valueduration']) && is_numeric($w['valueduration'])
                ? (int) $w['valueduration']
                : null,
            stage: isset($w['stage']) && is_numeric($w['stage']) ? (int) $w['stage'] : null,
            probability: isset($w['probability']) && is_numeric($w['probability']) ? (int) $w['probability'] : null,
            closingdate: isset($w['closingdate']) ? (string) $w['closingdate'] : null,
            responsible: isset($w['responsible']) && is_numeric($w['responsible']) ? (int) $w['responsible'] : null,
            responsibleCn: isset($w['responsible@cn']) ? (string) $w['responsible@cn'] : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
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
                'modified' => $this->modified,
                'description' => $this->description,
                'valueunit' => $this->valueunit,
                'valuecurrency' => $this->valuecurrency,
                'valueinterval' => $this->valueinterval,
                'valueduration' => $this->valueduration,
                'stage' => $this->stage,
                'probability' => $this->probability,
                'closingdate' => $this->closingdate,
                'responsible' => $this->responsible,
                'responsible@cn' => $this->responsibleCn,
                'status' => $this->status,
                'item' => $this->item?->toWire(),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
