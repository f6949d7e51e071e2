<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ContactsCreateRecordRequest implements WireValue
{
    public function __construct(
        public readonly ?string $firstname = null,
        public readonly ?string $lastname = null,
        public readonly ?string $businessemail = null,
        public readonly ?string $personalemail = null,
        public readonly ?string $businessphonedirect = null,
        public readonly ?string $businessphonemain = null,
        public readonly ?string $homephone = null,
        public readonly ?string $cellularphone = null,
        public readonly ?string $businessfax = null,
        public readonly ?string $businessaddress = null,
        public readonly ?string $jobtitle = null,
        public readonly ?string $background = null,
        public readonly ?string $website = null,
        public readonly ?int $assignedto = null,
        public readonly ?int $ownership = null,
        public readonly ?bool $flagged = null,
        public readonly ?ContactsCreateRecordRequestCategories $categories = null,
        public readonly ?ContactsCreateRecordRequestRelateditems $relateditems = null,
        /** @var array<string, string> custom fields by name (^custom[0-9]+$) */
        public readonly array $custom = [],
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            firstname: isset($w['firstname']) && !is_array($w['firstname'] ?? null) ? (string) $w['firstname'] : null,
            lastname: isset($w['lastname']) && !is_array($w['lastname'] ?? null) ? (string) $w['lastname'] : null,
            businessemail: isset($w['businessemail']) && !is_array($w['businessemail'] ?? null)
                ? (string) $w['businessemail']
                : null,
            personalemail: isset($w['personalemail']) && !is_array($w['personalemail'] ?? null)
                ? (string) $w['personalemail']
                : null,
            businessphonedirect: isset($w['businessphonedirect']) && !is_array($w['businessphonedirect'] ?? null)
                ? (string) $w['businessphonedirect']
                : null,
            businessphonemain: isset($w['businessphonemain']) && !is_array($w['businessphonemain'] ?? null)
                ? (string) $w['businessphonemain']
                : null,
            homephone: isset($w['homephone']) && !is_array($w['homephone'] ?? null) ? (string) $w['homephone'] : null,
            cellularphone: isset($w['cellularphone']) && !is_array($w['cellularphone'] ?? null)
                ? (string) $w['cellularphone']
                : null,
            businessfax: isset($w['businessfax']) && !is_array($w['businessfax'] ?? null)
                ? (string) $w['businessfax']
                : null,
            businessaddress: isset($w['businessaddress']) && !is_array($w['businessaddress'] ?? null)
                ? (string) $w['businessaddress']
                : null,
            jobtitle: isset($w['jobtitle']) && !is_array($w['jobtitle'] ?? null) ? (string) $w['jobtitle'] : null,
            background: isset($w['background']) && !is_array($w['background'] ?? null)
                ? (string) $w['background']
                : null,
            website: isset($w['website']) && !is_array($w['website'] ?? null) ? (string) $w['website'] : null,
            assignedto: isset($w['assignedto']) && is_numeric($w['assignedto']) ? (int) $w['assignedto'] : null,
            ownership: isset($w['ownership']) && is_numeric($w['ownership']) ? (int) $w['ownership'] : null,
            flagged: isset($w['flagged']) ? (bool) $w['flagged'] : null,
            categories: is_array($w['categories'] ?? null)
                ? ContactsCreateRecordRequestCategories::fromWire($w['categories'])
                : null,
            relateditems: is_array($w['relateditems'] ?? null)
                ? ContactsCreateRecordRequestRelateditems::fromWire($w['relateditems'])
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
                'firstname' => $this->firstname,
                'lastname' => $this->lastname,
                'businessemail' => $this->businessemail,
                'personalemail' => $this->personalemail,
                'businessphonedirect' => $this->businessphonedirect,
                'businessphonemain' => $this->businessphonemain,
                'homephone' => $this->homephone,
                'cellularphone' => $this->cellularphone,
                'businessfax' => $this->businessfax,
                'businessaddress' => $this->businessaddress,
                'jobtitle' => $this->jobtitle,
                'background' => $this->background,
                'website' => $this->website,
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
