<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TasklistCreateActivityRequestData implements WireValue
{
    public function __construct(
        public readonly ?string $title = null,
        public readonly ?string $description = null,
        public readonly ?bool $nodate = null,
        public readonly \DateTimeInterface|string|null $milestonedate = null,
        public readonly ?bool $completed = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            description: isset($w['description']) && !is_array($w['description'] ?? null)
                ? (string) $w['description']
                : null,
            nodate: isset($w['nodate']) ? (bool) $w['nodate'] : null,
            milestonedate: isset($w['milestonedate']) ? (string) $w['milestonedate'] : null,
            completed: isset($w['completed']) ? (bool) $w['completed'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'title' => $this->title,
                'description' => $this->description,
                'nodate' => $this->nodate === null ? null : ($this->nodate ? 1 : 0),
                'milestonedate' =>
                    $this->milestonedate instanceof \DateTimeInterface
                        ? $this->milestonedate->format('Y-m-d')
                        : $this->milestonedate,
                'completed' => $this->completed === null ? null : ($this->completed ? 1 : 0),
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
