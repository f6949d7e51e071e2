<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ScheduledemailCreateActivityResponseData implements WireValue
{
    public function __construct(
        /** @var list<string>|null */
        public readonly ?array $to = null,
        /** @var list<string>|null */
        public readonly ?array $cc = null,
        /** @var list<string>|null */
        public readonly ?array $bcc = null,
        public readonly ?string $from = null,
        public readonly ?string $subject = null,
        public readonly ?int $priority = null,
        public readonly ?string $body = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $scheduledtime = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            to: is_array($w['to'] ?? null) ? array_map('strval', $w['to']) : null,
            cc: is_array($w['cc'] ?? null) ? array_map('strval', $w['cc']) : null,
            bcc: is_array($w['bcc'] ?? null) ? array_map('strval', $w['bcc']) : null,
            from: isset($w['from']) && !is_array($w['from'] ?? null) ? (string) $w['from'] : null,
            subject: isset($w['subject']) && !is_array($w['subject'] ?? null) ? (string) $w['subject'] : null,
            priority: isset($w['priority']) && is_numeric($w['priority']) ? (int) $w['priority'] : null,
            body: isset($w['body']) && !is_array($w['body'] ?? null) ? (string) $w['body'] : null,
            scheduledtime: isset($w['scheduledtime']) ? (string) $w['scheduledtime'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'to' => $this->to,
                'cc' => $this->cc,
                'bcc' => $this->bcc,
                'from' => $this->from,
                'subject' => $this->subject,
                'priority' => $this->priority,
                'body' => $this->body,
                'scheduledtime' => $this->scheduledtime,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
