<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ProjectblogsCreateRecordRequestRelateditems implements WireValue
{
    public function __construct(
        /** @var list<ProjectblogsCreateRecordRequestRelateditemsRelatedto>|null */
        public readonly ?array $add = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            add: is_array($w['add'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ProjectblogsCreateRecordRequestRelateditemsRelatedto => ProjectblogsCreateRecordRequestRelateditemsRelatedto::fromWire(
                        $e,
                    ),
                    array_values($w['add']),
                )
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'add' =>
                    $this->add === null
                        ? null
                        : array_map(
                            static fn(ProjectblogsCreateRecordRequestRelateditemsRelatedto $e): array => $e->toWire(),
                            $this->add,
                        ),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
