<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class OpportunityCreateActivityRequestData implements WireValue
{
    public function __construct(
        public readonly ?string $description = null,
        public readonly ?float $valueunit = null,
        public readonly ?\Crmgen\Client\Enum\Currencies $valuecurrency = null,
        public readonly ?\Crmgen\Client\Enum\Valueintervals $valueinterval = null,
        public readonly ?int $valueduration = null,
        public readonly ?int $stage = null,
        public readonly ?int $probability = null,
        public readonly \DateTimeInterface|string|null $closingdate = null,
        public readonly ?int $responsible = null,
        public readonly ?\Crmgen\Client\Enum\Opportunitystatuses $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            description: isset($w['description']) && !is_array($w['description'] ?? null)
                ? (string) $w['description']
                : null,
            valueunit: isset($w['valueunit']) && is_numeric($w['valueunit']) ? (float) $w['valueunit'] : null,
            valuecurrency: isset($w['valuecurrency'])
                ? \Crmgen\Client\Enum\Currencies::from((string) $w['valuecurrency'])
                : null,
            valueinterval: isset($w['valueinterval'])
                ? \Crmgen\Client\Enum\Valueintervals::from((string) $w['valueinterval'])
                : null,
            valueduration: isset($w['valueduration']) && is_numeric($w['valueduration'])
                ? (int) $w['valueduration']
                : null,
            stage: isset($w['stage']) && is_numeric($w['stage']) ? (int) $w['stage'] : null,
            probability: isset($w['probability']) && is_numeric($w['probability']) ? (int) $w['probability'] : null,
            closingdate: isset($w['closingdate']) ? (string) $w['closingdate'] : null,
            responsible: isset($w['responsible']) && is_numeric($w['responsible']) ? (int) $w['responsible'] : null,
            status: isset($w['status']) ? \Crmgen\Client\Enum\Opportunitystatuses::from((string) $w['status']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'description' => $this->description,
                'valueunit' => $this->valueunit,
                'valuecurrency' => $this->valuecurrency?->value,
                'valueinterval' => $this->valueinterval?->value,
                'valueduration' => $this->valueduration,
                'stage' => $this->stage,
                'probability' => $this->probability,
                'closingdate' =>
                    $this->closingdate instanceof \DateTimeInterface
                        ? $this->closingdate->format('Y-m-d')
                        : $this->closingdate,
                'responsible' => $this->responsible,
                'status' => $this->status?->value,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
