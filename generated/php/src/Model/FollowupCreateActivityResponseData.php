<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class FollowupCreateActivityResponseData implements WireValue
{
    public function __construct(
        public readonly ?string $details = null,
        public readonly ?int $assignedto = null,
        /** @var string|null the name of assignedto */
        public readonly ?string $assignedtoCn = null,
        public readonly ?bool $nodate = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $duedate = null,
        public readonly ?bool $completed = null,
        public readonly ?bool $sendnotification = null,
        public readonly ?int $remindtime = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            assignedto: isset($w['assignedto']) && is_numeric($w['assignedto']) ? (int) $w['assignedto'] : null,
            assignedtoCn: isset($w['assignedto@cn']) ? (string) $w['assignedto@cn'] : null,
            nodate: isset($w['nodate']) ? (bool) $w['nodate'] : null,
            duedate: isset($w['duedate']) ? (string) $w['duedate'] : null,
            completed: isset($w['completed']) ? (bool) $w['completed'] : null,
            sendnotification: isset($w['sendnotification']) ? (bool) $w['sendnotification'] : null,
            remindtime: isset($w['remindtime']) && is_numeric($w['remindtime']) ? (int) $w['remindtime'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'details' => $this->details,
                'assignedto' => $this->assignedto,
                'assignedto@cn' => $this->assignedtoCn,
                'nodate' => $this->nodate === null ? null : ($this->nodate ? 1 : 0),
                'duedate' => $this->duedate,
                'completed' => $this->completed === null ? null : ($this->completed ? 1 : 0),
                'sendnotification' => $this->sendnotification === null ? null : ($this->sendnotification ? 1 : 0),
                'remindtime' => $this->remindtime,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
