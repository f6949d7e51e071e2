<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportActivitiesResponse implements WireValue
{
    public function __construct(
        /** @var list<ReportActivitiesResponseActivity>|null */
        public readonly ?array $activities = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            activities: is_array($w['activities'] ?? null)
                ? array_map(
                    static fn(array $e): ReportActivitiesResponseActivity => ReportActivitiesResponseActivity::fromWire(
                        $e,
                    ),
                    array_values($w['activities']),
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
                'activities' =>
                    $this->activities === null
                        ? null
                        : array_map(
                            static fn(ReportActivitiesResponseActivity $e): array => $e->toWire(),
                            $this->activities,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
