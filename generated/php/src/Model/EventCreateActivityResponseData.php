<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class EventCreateActivityResponseData implements WireValue
{
    public function __construct(
        public readonly ?string $title = null,
        public readonly ?string $details = null,
        public readonly ?bool $completed = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $timestart = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $timeend = null,
        public readonly ?string $location = null,
        public readonly ?string $eventtype = null,
        public readonly ?int $priority = null,
        public readonly ?bool $noticenow = null,
        public readonly ?bool $remindtime = null,
        /** @var list<int>|null */
        public readonly ?array $attendees = null,
        /** @var list<string>|null */
        public readonly ?array $externalattendees = null,
        public readonly ?string $repeats = null,
        public readonly ?int $repeatevery = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $repeatuntil = null,
        /** @var list<int>|null */
        public readonly ?array $repeatinterval = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            completed: isset($w['completed']) ? (bool) $w['completed'] : null,
            timestart: isset($w['timestart']) ? (string) $w['timestart'] : null,
            timeend: isset($w['timeend']) ? (string) $w['timeend'] : null,
            location: isset($w['location']) && !is_array($w['location'] ?? null) ? (string) $w['location'] : null,
            eventtype: isset($w['eventtype']) && !is_array($w['eventtype'] ?? null) ? (string) $w['eventtype'] : null,
            priority: isset($w['priority']) && is_numeric($w['priority']) ? (int) $w['priority'] : null,
            noticenow: isset($w['noticenow']) ? (bool) $w['noticenow'] : null,
            remindtime: isset($w['remindtime']) ? (bool) $w['remindtime'] : null,
            attendees: is_array($w['attendees'] ?? null) ? array_map('intval', $w['attendees']) : null,
            externalattendees: is_array($w['externalattendees'] ?? null)
                ? array_map('strval', $w['externalattendees'])
                : null,
            repeats: isset($w['repeats']) && !is_array($w['repeats'] ?? null) ? (string) $w['repeats'] : null,
            repeatevery: isset($w['repeatevery']) && is_numeric($w['repeatevery']) ? (int) $w['repeatevery'] : null,
            repeatuntil: isset($w['repeatuntil']) ? (string) $w['repeatuntil'] : null,
            repeatinterval: is_array($w['repeatinterval'] ?? null) ? array_map('intval', $w['repeatinterval']) : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'title' => $this->title,
                'details' => $this->details,
                'completed' => $this->completed === null ? null : ($this->completed ? 1 : 0),
                'timestart' => $this->timestart,
                'timeend' => $this->timeend,
                'location' => $this->location,
                'eventtype' => $this->eventtype,
                'priority' => $this->priority,
                'noticenow' => $this->noticenow === null ? null : ($this->noticenow ? 1 : 0),
                'remindtime' => $this->remindtime === null ? null : ($this->remindtime ? 1 : 0),
                'attendees' => $this->attendees,
                'externalattendees' => $this->externalattendees,
                'repeats' => $this->repeats,
                'repeatevery' => $this->repeatevery,
                'repeatuntil' => $this->repeatuntil,
                'repeatinterval' => $this->repeatinterval,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
