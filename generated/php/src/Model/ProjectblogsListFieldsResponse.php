<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ProjectblogsListFieldsResponse implements WireValue
{
    public function __construct(
        /** @var list<ProjectblogsListFieldsResponseField>|null */
        public readonly ?array $fields = null,
        public readonly ?string $status = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            fields: is_array($w['fields'] ?? null)
                ? array_map(
                    static fn(
                        array $e,
                    ): ProjectblogsListFieldsResponseField => ProjectblogsListFieldsResponseField::fromWire($e),
                    array_values($w['fields']),
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
                'fields' =>
                    $this->fields === null
                        ? null
                        : array_map(
                            static fn(ProjectblogsListFieldsResponseField $e): array => $e->toWire(),
                            $this->fields,
                        ),
                'status' => $this->status,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
