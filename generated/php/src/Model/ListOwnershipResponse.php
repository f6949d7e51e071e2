<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListOwnershipResponse implements WireValue
{
    public function __construct(
        /** @var list<ListOwnershipResponseUser>|null */
        public readonly ?array $users = null,
        /** @var list<ListOwnershipResponseGroup>|null */
        public readonly ?array $groups = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            users: is_array($w['users'] ?? null)
                ? array_map(
                    static fn(array $e): ListOwnershipResponseUser => ListOwnershipResponseUser::fromWire($e),
                    array_values($w['users']),
                )
                : null,
            groups: is_array($w['groups'] ?? null)
                ? array_map(
                    static fn(array $e): ListOwnershipResponseGroup => ListOwnershipResponseGroup::fromWire($e),
                    array_values($w['groups']),
                )
                : null,
            status: isset($w['status']) && !is_array($w['status'] ?? null) ? (string) $w['status'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'users' =>
                    $this->users === null
                        ? null
                        : array_map(static fn(ListOwnershipResponseUser $e): array => $e->toWire(), $this->users),
                'groups' =>
                    $this->groups === null
                        ? null
                        : array_map(static fn(ListOwnershipResponseGroup $e): array => $e->toWire(), $this->groups),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
