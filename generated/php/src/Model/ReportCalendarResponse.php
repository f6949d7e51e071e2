<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportCalendarResponse implements WireValue
{
    public function __construct(
        /** @var list<ReportNextactionsResponseAction>|null */
        public readonly ?array $actions = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            actions: is_array($w['actions'] ?? null)
                ? array_map(
                    static fn(array $e): ReportNextactionsResponseAction => ReportNextactionsResponseAction::fromWire(
                        $e,
                    ),
                    array_values($w['actions']),
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
                'actions' =>
                    $this->actions === null
                        ? null
                        : array_map(
                            static fn(ReportNextactionsResponseAction $e): array => $e->toWire(),
                            $this->actions,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
