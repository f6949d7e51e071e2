<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class OpportunityCreateActivityResponseData implements WireValue
{
    public function __construct(
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
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
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
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
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
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
