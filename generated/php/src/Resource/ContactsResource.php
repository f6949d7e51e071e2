<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ContactsResource
{
    public readonly ContactsCategories $categories;
    public readonly ContactsFields $fields;
    public readonly ContactsActivities $activities;

    /** @internal made by the client */
    public function __construct(private readonly Connection $c)
    {
        $this->categories = new ContactsCategories($c);
        $this->fields = new ContactsFields($c);
        $this->activities = new ContactsActivities($c, 'contacts');
    }

    /** List records. (GET /{kind}/) */
    public function list(
        ?\Crmgen\Client\Model\ContactsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsListRecordsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/contacts/',
                queryDesc: Descriptors::get('records/contacts.listRecords.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('records/contacts.listRecords.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsListRecordsResponse => \Crmgen\Client\Model\ContactsListRecordsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** @return \Generator<int, \Crmgen\Client\Model\ContactsListRecordsResponseEntriesEntry> every entry, one page fetched at a time */
    public function iterate(
        ?\Crmgen\Client\Model\ContactsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Generator {
        $wire = $params?->toWire() ?? [];
        return Pages::iterate(function (int $start) use ($wire, $options): array {
            $page = $this->list(
                \Crmgen\Client\Model\ContactsListRecordsParams::fromWire(['start' => $start] + $wire),
                $options,
            );
            return [$page->entries ?? [], $page->count ?? 0];
        }, (int) ($wire['start'] ?? 0));
    }

    /** Create record. (POST /{kind}/) */
    public function create(
        \Crmgen\Client\Model\ContactsCreateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsCreateRecordResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/contacts/',
                bodyDesc: Descriptors::get('records/contacts.createRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/contacts.createRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsCreateRecordResponse => \Crmgen\Client\Model\ContactsCreateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Show record with its activities (email messages excluded), categories and related items. (GET /{kind}/{id}/) */
    public function show(
        \Crmgen\Client\Id\ContactId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsShowRecordResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/contacts/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/contacts.showRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsShowRecordResponse => \Crmgen\Client\Model\ContactsShowRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update record. (PUT /{kind}/{id}/) */
    public function update(
        \Crmgen\Client\Id\ContactId $id,
        \Crmgen\Client\Model\ContactsUpdateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsUpdateRecordResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/contacts/' . rawurlencode((string) $id->value) . '/',
                bodyDesc: Descriptors::get('records/contacts.updateRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/contacts.updateRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsUpdateRecordResponse => \Crmgen\Client\Model\ContactsUpdateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Delete record. (DELETE /{kind}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\ContactId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsDeleteRecordResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/contacts/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/contacts.deleteRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsDeleteRecordResponse => \Crmgen\Client\Model\ContactsDeleteRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
