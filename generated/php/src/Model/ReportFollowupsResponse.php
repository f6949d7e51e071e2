<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ReportFollowupsResponse implements WireValue
{
    public function __construct(
        /** @var list<ReportFollowupsResponseFollowup>|null */
        public readonly ?array $followups = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            followups: is_array($w['followups'] ?? null)
                ? array_map(
                    static fn(array $e): ReportFollowupsResponseFollowup => ReportFollowupsResponseFollowup::fromWire(
                        $e,
                    ),
                    array_values($w['followups']),
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
                'followups' =>
                    $this->followups === null
                        ? null
                        : array_map(
                            static fn(ReportFollowupsResponseFollowup $e): array => $e->toWire(),
                            $this->followups,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
