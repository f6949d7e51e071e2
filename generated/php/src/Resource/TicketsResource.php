<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class TicketsResource
{
    public readonly TicketsCategories $categories;
    public readonly TicketsFields $fields;
    public readonly TicketsActivities $activities;

    /** @internal made by the client */
    public function __construct(private readonly Connection $c)
    {
        $this->categories = new TicketsCategories($c);
        $this->fields = new TicketsFields($c);
        $this->activities = new TicketsActivities($c, 'tickets');
    }

    /** List records. (GET /{kind}/) */
    public function list(
        ?\Crmgen\Client\Model\TicketsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsListRecordsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/tickets/',
                queryDesc: Descriptors::get('records/tickets.listRecords.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('records/tickets.listRecords.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsListRecordsResponse => \Crmgen\Client\Model\TicketsListRecordsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** @return \Generator<int, \Crmgen\Client\Model\TicketsListRecordsResponseEntriesEntry> every entry, one page fetched at a time */
    public function iterate(
        ?\Crmgen\Client\Model\TicketsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Generator {
        $wire = $params?->toWire() ?? [];
        return Pages::iterate(function (int $start) use ($wire, $options): array {
            $page = $this->list(
                \Crmgen\Client\Model\TicketsListRecordsParams::fromWire(['start' => $start] + $wire),
                $options,
            );
            return [$page->entries ?? [], $page->count ?? 0];
        }, (int) ($wire['start'] ?? 0));
    }

    /** Create record. (POST /{kind}/) */
    public function create(
        \Crmgen\Client\Model\TicketsCreateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsCreateRecordResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/tickets/',
                bodyDesc: Descriptors::get('records/tickets.createRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/tickets.createRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsCreateRecordResponse => \Crmgen\Client\Model\TicketsCreateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Show record with its activities (email messages excluded), categories and related items. (GET /{kind}/{id}/) */
    public function show(
        \Crmgen\Client\Id\TicketId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsShowRecordResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/tickets/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/tickets.showRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsShowRecordResponse => \Crmgen\Client\Model\TicketsShowRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update record. (PUT /{kind}/{id}/) */
    public function update(
        \Crmgen\Client\Id\TicketId $id,
        \Crmgen\Client\Model\TicketsUpdateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsUpdateRecordResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/tickets/' . rawurlencode((string) $id->value) . '/',
                bodyDesc: Descriptors::get('records/tickets.updateRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/tickets.updateRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsUpdateRecordResponse => \Crmgen\Client\Model\TicketsUpdateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Delete record. (DELETE /{kind}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\TicketId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsDeleteRecordResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/tickets/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/tickets.deleteRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsDeleteRecordResponse => \Crmgen\Client\Model\TicketsDeleteRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
