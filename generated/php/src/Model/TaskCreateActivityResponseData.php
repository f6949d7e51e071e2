<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class TaskCreateActivityResponseData implements WireValue
{
    public function __construct(
        public readonly ?string $title = null,
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
        public readonly ?int $priority = null,
        public readonly ?bool $billed = null,
        public readonly ?bool $ignoreweekends = null,
        public readonly ?int $timespent = null,
        public readonly ?string $timespentmeasure = null,
        public readonly ?int $timeremains = null,
        public readonly ?string $timeremainsmeasure = null,
        public readonly ?string $invoiced = null,
        /** @var list<string>|null */
        public readonly ?array $notifyoncomplete = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            title: isset($w['title']) && !is_array($w['title'] ?? null) ? (string) $w['title'] : null,
            details: isset($w['details']) && !is_array($w['details'] ?? null) ? (string) $w['details'] : null,
            assignedto: isset($w['assignedto']) && is_numeric($w['assignedto']) ? (int) $w['assignedto'] : null,
            assignedtoCn: isset($w['assignedto@cn']) ? (string) $w['assignedto@cn'] : null,
            nodate: isset($w['nodate']) ? (bool) $w['nodate'] : null,
            duedate: isset($w['duedate']) ? (string) $w['duedate'] : null,
            completed: isset($w['completed']) ? (bool) $w['completed'] : null,
            sendnotification: isset($w['sendnotification']) ? (bool) $w['sendnotification'] : null,
            remindtime: isset($w['remindtime']) && is_numeric($w['remindtime']) ? (int) $w['remindtime'] : null,
            priority: isset($w['priority']) && is_numeric($w['priority']) ? (int) $w['priority'] : null,
            billed: isset($w['billed']) ? (bool) $w['billed'] : null,
            ignoreweekends: isset($w['ignoreweekends']) ? (bool) $w['ignoreweekends'] : null,
            timespent: isset($w['timespent']) && is_numeric($w['timespent']) ? (int) $w['timespent'] : null,
            timespentmeasure: isset($w['timespentmeasure']) && !is_array($w['timespentmeasure'] ?? null)
                ? (string) $w['timespentmeasure']
                : null,
            timeremains: isset($w['timeremains']) && is_numeric($w['timeremains']) ? (int) $w['timeremains'] : null,
            timeremainsmeasure: isset($w['timeremainsmeasure']) && !is_array($w['timeremainsmeasure'] ?? null)
                ? (string) $w['timeremainsmeasure']
                : null,
            invoiced: isset($w['invoiced']) && !is_array($w['invoiced'] ?? null) ? (string) $w['invoiced'] : null,
            notifyoncomplete: is_array($w['notifyoncomplete'] ?? null)
                ? array_map('strval', $w['notifyoncomplete'])
                : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'title' => $this->title,
                'details' => $this->details,
                'assignedto' => $this->assignedto,
                'assignedto@cn' => $this->assignedtoCn,
                'nodate' => $this->nodate === null ? null : ($this->nodate ? 1 : 0),
                'duedate' => $this->duedate,
                'completed' => $this->completed === null ? null : ($this->completed ? 1 : 0),
                'sendnotification' => $this->sendnotification === null ? null : ($this->sendnotification ? 1 : 0),
                'remindtime' => $this->remindtime,
                'priority' => $this->priority,
                'billed' => $this->billed === null ? null : ($this->billed ? 1 : 0),
                'ignoreweekends' => $this->ignoreweekends === null ? null : ($this->ignoreweekends ? 1 : 0),
                'timespent' => $this->timespent,
                'timespentmeasure' => $this->timespentmeasure,
                'timeremains' => $this->timeremains,
                'timeremainsmeasure' => $this->timeremainsmeasure,
                'invoiced' => $this->invoiced,
                'notifyoncomplete' => $this->notifyoncomplete,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
