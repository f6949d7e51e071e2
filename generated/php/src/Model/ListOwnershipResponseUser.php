<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListOwnershipResponseUser implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?string $name = null,
        public readonly ?string $email = null,
        public readonly ?bool $preventlogin = null,
        public readonly ?bool $preventprivatedata = null,
        public readonly ?bool $administrator = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            name: isset($w['name']) && !is_array($w['name'] ?? null) ? (string) $w['name'] : null,
            email: isset($w['email']) && !is_array($w['email'] ?? null) ? (string) $w['email'] : null,
            preventlogin: isset($w['preventlogin']) ? (bool) $w['preventlogin'] : null,
            preventprivatedata: isset($w['preventprivatedata']) ? (bool) $w['preventprivatedata'] : null,
            administrator: isset($w['administrator']) ? (bool) $w['administrator'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'name' => $this->name,
                'email' => $this->email,
                'preventlogin' => $this->preventlogin === null ? null : ($this->preventlogin ? 1 : 0),
                'preventprivatedata' => $this->preventprivatedata === null ? null : ($this->preventprivatedata ? 1 : 0),
                'administrator' => $this->administrator === null ? null : ($this->administrator ? 1 : 0),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
