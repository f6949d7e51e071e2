<?php

declare(strict_types=1);

namespace Crmgen\Client\Model;

final class ListHookDeliveriesResponseDelivery implements WireValue
{
    public function __construct(
        public readonly ?int $id = null,
        public readonly ?string $webhookid = null,
        public readonly ?string $event = null,
        public readonly ?int $objectid = null,
        public readonly ?int $attempt = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $attempted = null,
        public readonly ?string $outcome = null,
        public readonly ?int $httpstatus = null,
        public readonly ?string $error = null,
        public readonly ?int $duration = null,
        /** @var string|null a date as the service writes it */
        public readonly ?string $nextretry = null,
    ) {}

    /** @param array<string, mixed> $w the codec's array of this value */
    public static function fromWire(array $w): self
    {
        return new self(
            id: isset($w['id']) && is_numeric($w['id']) ? (int) $w['id'] : null,
            webhookid: isset($w['webhookid']) && !is_array($w['webhookid'] ?? null) ? (string) $w['webhookid'] : null,
            event: isset($w['event']) && !is_array($w['event'] ?? null) ? (string) $w['event'] : null,
            objectid: isset($w['objectid']) && is_numeric($w['objectid']) ? (int) $w['objectid'] : null,
            attempt: isset($w['attempt']) && is_numeric($w['attempt']) ? (int) $w['attempt'] : null,
            attempted: isset($w['attempted']) ? (string) $w['attempted'] : null,
            outcome: isset($w['outcome']) && !is_array($w['outcome'] ?? null) ? (string) $w['outcome'] : null,
            httpstatus: isset($w['httpstatus']) && is_numeric($w['httpstatus']) ? (int) $w['httpstatus'] : null,
            error: isset($w['error']) && !is_array($w['error'] ?? null) ? (string) $w['error'] : null,
            duration: isset($w['duration']) && is_numeric($w['duration']) ? (int) $w['duration'] : null,
            nextretry: isset($w['nextretry']) ? (string) $w['nextretry'] : null,
        );
    }

    /** @return array<string, mixed> the codec's array of this value (absent values left out) */
    public function toWire(): array
    {
        return array_filter(
            [
                'id' => $this->id,
                'webhookid' => $this->webhookid,
                'event' => $this->event,
                'objectid' => $this->objectid,
                'attempt' => $this->attempt,
                'attempted' => $this->attempted,
                'outcome' => $this->outcome,
                'httpstatus' => $this->httpstatus,
                'error' => $this->error,
                'duration' => $this->duration,
                'nextretry' => $this->nextretry,
            ],
            static fn($v): bool => $v !== null,
        );
    }
}
