<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportTimetrackingResponse implements WireValue
{
    public function __construct(
        /** @var list<ReportTimetrackingResponseTimerecord>|null */
        public readonly ?array $timerecords = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            timerecords: is_array($w['timerecords'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ReportTimetrackingResponseTimerecord => ReportTimetrackingResponseTimerecord::fromWire($e),
                    array_values($w['timerecords']),
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
                'timerecords' =>
                    $this->timerecords === null
                        ? null
                        : array_map(
                            static fn(ReportTimetrackingResponseTimerecord $e): array => $e->toWire(),
                            $this->timerecords,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
