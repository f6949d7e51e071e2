<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListHooksResponse implements WireValue
{
    public function __construct(
        /** @var list<ListHooksResponseHook>|null */
        public readonly ?array $hooks = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            hooks: is_array($w['hooks'] ?? null)
                ? array_map(
                    static fn(array $e): ListHooksResponseHook => ListHooksResponseHook::fromWire($e),
                    array_values($w['hooks']),
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
                'hooks' =>
                    $this->hooks === null
                        ? null
                        : array_map(static fn(ListHooksResponseHook $e): array => $e->toWire(), $this->hooks),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
