<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportOpportunitiesResponse implements WireValue
{
    public function __construct(
        /** @var list<ReportOpportunitiesResponseOpportunity>|null */
        public readonly ?array $opportunities = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            opportunities: is_array($w['opportunities'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ReportOpportunitiesResponseOpportunity => ReportOpportunitiesResponseOpportunity::fromWire($e),
                    array_values($w['opportunities']),
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
                'opportunities' =>
                    $this->opportunities === null
                        ? null
                        : array_map(
                            static fn(ReportOpportunitiesResponseOpportunity $e): array => $e->toWire(),
                            $this->opportunities,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
