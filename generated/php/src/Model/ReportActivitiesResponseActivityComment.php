<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportActivitiesResponseActivityComment implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $created = null,
        public readonly ?int $owner = null,
        /** @var string|null the name of owner */
        public readonly ?string $ownerCn = null,
        public readonly ?string $posttext = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            created: isset($w['created']) ? (string) $w['created'] : null,
            owner: isset($w['owner']) && is_numeric($w['owner']) ? (int) $w['owner'] : null,
            ownerCn: isset($w['owner@cn']) ? (string) $w['owner@cn'] : null,
            posttext: isset($w['posttext']) && !is_array($w['posttext'] ?? null) ? (string) $w['posttext'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'created' => $this->created,
                'owner' => $this->owner,
                'owner@cn' => $this->ownerCn,
                'posttext' => $this->posttext,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
