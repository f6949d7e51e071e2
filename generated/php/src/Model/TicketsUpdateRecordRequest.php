<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsUpdateRecordRequest implements WireValue
{
    public function __construct(
        public readonly ?string $name = null,
        public readonly ?string $businessemail = null,
        public readonly ?string $businessphonemain = null,
        public readonly ?string $businessfax = null,
        public readonly ?string $businessaddress = null,
        public readonly ?string $website = null,
        public readonly ?string $background = null,
        public readonly ?int $assignedto = null,
        public readonly ?int $ownership = null,
        public readonly ?bool $flagged = null,
        public readonly ?TicketsUpdateRecordRequestCategories $categories = null,
        public readonly ?TicketsUpdateRecordRequestRelateditems $relateditems = null,
        /** @var array<string, string> custom fields by name (^custom[0-9]+$) */
        public readonly array $custom = [],
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
            businessemail: isset($w['businessemail']) && !is_array($w['businessemail'] ?? null)
                ? (string) $w['businessemail']
                : null,
            businessphonemain: isset($w['businessphonemain']) && !is_array($w['businessphonemain'] ?? null)
                ? (string) $w['businessphonemain']
                : null,
            businessfax: isset($w['businessfax']) && !is_array($w['businessfax'] ?? null)
                ? (string) $w['businessfax']
                : null,
            businessaddress: isset($w['businessaddress']) && !is_array($w['businessaddress'] ?? null)
                ? (string) $w['businessaddress']
                : null,
            website: isset($w['website']) && !is_array($w['website'] ?? null) ? (string) $w['website'] : null,
            background: isset($w['background']) && !is_array($w['background'] ?? null)
                ? (string) $w['background']
                : null,
            assignedto: isset($w['assignedto']) && is_numeric($w['assignedto']) ? (int) $w['assignedto'] : null,
            ownership: isset($w['ownership']) && is_numeric($w['ownership']) ? (int) $w['ownership'] : null,
            flagged: isset($w['flagged']) ? (bool) $w['flagged'] : null,
            categories: is_array($w['categories'] ?? null)
                ? TicketsUpdateRecordRequestCategories::fromWire($w['categories'])
                : null,
            relateditems: is_array($w['relateditems'] ?? null)
                ? TicketsUpdateRecordRequestRelateditems::fromWire($w['relateditems'])
                : null,
            custom: array_map(
                'strval',
                array_filter(
                    $w,
                    static fn($v, $k): bool => preg_match('/^custom[0-9]+$/', (string) $k) === 1 && !is_array($v),
                    ARRAY_FILTER_USE_BOTH,
                ),
            ),
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'name' => $this->name,
                'businessemail' => $this->businessemail,
                'businessphonemain' => $this->businessphonemain,
                'businessfax' => $this->businessfax,
                'businessaddress' => $this->businessaddress,
                'website' => $this->website,
                'background' => $this->background,
                'assignedto' => $this->assignedto,
                'ownership' => $this->ownership,
                'flagged' => $this->flagged === null ? null : ($this->flagged ? 1 : 0),
                'categories' => $this->categories?->toWire(),
                'relateditems' => $this->relateditems?->toWire(),
            ] + $this->custom,
            static fn($v): bool => $v !== null,
        );
    }
}
