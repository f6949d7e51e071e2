<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TicketsListRecordsParams implements WireValue
{
    public function __construct(
        public readonly ?\Crmgen\Client\Enum\Layouts $layout = null,
        /** @var list<string>|null */
        public readonly ?array $fieldslist = null,
        public readonly ?bool $categories = null,
        public readonly ?\Crmgen\Client\Enum\Filtermodes $filtermode = null,
        public readonly ?string $filtervalue = null,
        public readonly ?\Crmgen\Client\Enum\Specials $special = null,
        /** @var \Crmgen\Client\Enum\Searchmodes|string|null a value of the list, or a {template} entry filled in */
        public readonly \Crmgen\Client\Enum\Searchmodes|string|null $searchmode = null,
        public readonly ?string $searchvalue = null,
        public readonly ?int $limit = null,
        public readonly ?int $start = null,
        public readonly ?\Crmgen\Client\Enum\Sortfields $sortfield = null,
        public readonly ?\Crmgen\Client\Enum\Sortdirs $sortdir = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            layout: isset($w['layout']) ? \Crmgen\Client\Enum\Layouts::from((int) $w['layout']) : null,
            fieldslist: is_array($w['fieldslist'] ?? null) ? array_map('strval', $w['fieldslist']) : null,
            categories: isset($w['categories']) ? (bool) $w['categories'] : null,
            filtermode: isset($w['filtermode'])
                ? \Crmgen\Client\Enum\Filtermodes::from((string) $w['filtermode'])
                : null,
            filtervalue: isset($w['filtervalue']) && !is_array($w['filtervalue'] ?? null)
                ? (string) $w['filtervalue']
                : null,
            special: isset($w['special']) ? \Crmgen\Client\Enum\Specials::from((string) $w['special']) : null,
            searchmode: isset($w['searchmode'])
                ? \Crmgen\Client\Enum\Searchmodes::tryFrom((string) $w['searchmode']) ?? (string) $w['searchmode']
                : null,
            searchvalue: isset($w['searchvalue']) && !is_array($w['searchvalue'] ?? null)
                ? (string) $w['searchvalue']
                : null,
            limit: isset($w['limit']) && is_numeric($w['limit']) ? (int) $w['limit'] : null,
            start: isset($w['start']) && is_numeric($w['start']) ? (int) $w['start'] : null,
            sortfield: isset($w['sortfield']) ? \Crmgen\Client\Enum\Sortfields::from((string) $w['sortfield']) : null,
            sortdir: isset($w['sortdir']) ? \Crmgen\Client\Enum\Sortdirs::from((string) $w['sortdir']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'layout' => $this->layout?->value,
                'fieldslist' => $this->fieldslist,
                'categories' => $this->categories === null ? null : ($this->categories ? 1 : 0),
                'filtermode' => $this->filtermode?->value,
                'filtervalue' => $this->filtervalue,
                'special' => $this->special?->value,
                'searchmode' => $this->searchmode instanceof \BackedEnum ? $this->searchmode->value : $this->searchmode,
                'searchvalue' => $this->searchvalue,
                'limit' => $this->limit,
                'start' => $this->start,
                'sortfield' => $this->sortfield?->value,
                'sortdir' => $this->sortdir?->value,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
