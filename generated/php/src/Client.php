<?php

declare(strict_types=1);

namespace Crmgen\Client;

use Crmgen\Client\Runtime\BatchBuilder;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Format;
use Crmgen\Client\Runtime\Quota;
use Crmgen\Client\Runtime\ResponseInfo;
use Crmgen\Client\Runtime\Retry;
use Crmgen\Client\Runtime\Transport;
use Crmgen\Client\Runtime\Webhook;

/** Relationship-Management Service API: every operation, by record kind and group. */
final class Client
{
    public readonly Resource\ContactsResource $contacts;
    public readonly Resource\CompaniesResource $companies;
    public readonly Resource\ProjectblogsResource $projectblogs;
    public readonly Resource\TicketsResource $tickets;
    public readonly Resource\OwnershipResource $ownership;
    public readonly Resource\HooksResource $hooks;
    public readonly Resource\ReportsResource $reports;

    public function __construct(public readonly Connection $connection)
    {
        $this->contacts = new Resource\ContactsResource($connection);
        $this->companies = new Resource\CompaniesResource($connection);
        $this->projectblogs = new Resource\ProjectblogsResource($connection);
        $this->tickets = new Resource\TicketsResource($connection);
        $this->ownership = new Resource\OwnershipResource($connection);
        $this->hooks = new Resource\HooksResource($connection);
        $this->reports = new Resource\ReportsResource($connection);
    }

    /**
     * A client over the built-in curl transport, or `transport` (a Runtime\Psr18Transport over the
     * application's PSR-18 client, say). XML on the wire unless `format` is Format::Json.
     */
    public static function create(
        string $baseUrl,
        string $email,
        string $token,
        Format $format = Format::Xml,
        ?Transport $transport = null,
        float $timeoutSeconds = 30.0,
        Retry $retry = new Retry(),
    ): self {
        return new self(
            new Connection(Api::config(), $baseUrl, $email, $token, $format, $transport, $timeoutSeconds, $retry),
        );
    }

    /**
     * Calls queued by closures over a client, sent together (split at 100 parts a request).
     *
     * @return BatchBuilder<self>
     */
    public function batch(): BatchBuilder
    {
        return new BatchBuilder($this->connection, static fn(Connection $c): self => new self($c));
    }

    /** The latest quota the service reported. */
    public function quota(): ?Quota
    {
        return $this->connection->quota;
    }

    /** Status, headers, Location and quota of the latest answer. */
    public function lastResponse(): ?ResponseInfo
    {
        return $this->connection->lastResponse;
    }

    /**
     * Checks a webhook delivery's signature (either scheme) with the hook's secret: 'valid', 'invalid'
     * or 'stale' (a Standard Webhooks timestamp further than `toleranceSeconds` from now).
     *
     * @param array<string, string|list<string>> $headers
     * @return 'valid'|'invalid'|'stale'
     */
    public static function verifyWebhook(
        string $body,
        array $headers,
        string $secret,
        int $toleranceSeconds = 300,
        ?int $now = null,
    ): string {
        return Webhook::check($body, $headers, $secret, 'X-Service-Hmac-Sha256', $toleranceSeconds, $now);
    }
}
