<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ProjectblogsResource
{
    public readonly ProjectblogsCategories $categories;
    public readonly ProjectblogsFields $fields;
    public readonly ProjectblogsActivities $activities;

    /** @internal made by the client */
    public function __construct(private readonly Connection $c)
    {
        $this->categories = new ProjectblogsCategories($c);
        $this->fields = new ProjectblogsFields($c);
        $this->activities = new ProjectblogsActivities($c, 'projectblogs');
    }

    /** List records. (GET /{kind}/) */
    public function list(
        ?\Crmgen\Client\Model\ProjectblogsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsListRecordsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/projectblogs/',
                queryDesc: Descriptors::get('records/projectblogs.listRecords.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('records/projectblogs.listRecords.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsListRecordsResponse => \Crmgen\Client\Model\ProjectblogsListRecordsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** @return \Generator<int, \Crmgen\Client\Model\ProjectblogsListRecordsResponseEntriesEntry> every entry, one page fetched at a time */
    public function iterate(
        ?\Crmgen\Client\Model\ProjectblogsListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Generator {
        $wire = $params?->toWire() ?? [];
        return Pages::iterate(function (int $start) use ($wire, $options): array {
            $page = $this->list(
                \Crmgen\Client\Model\ProjectblogsListRecordsParams::fromWire(['start' => $start] + $wire),
                $options,
            );
            return [$page->entries ?? [], $page->count ?? 0];
        }, (int) ($wire['start'] ?? 0));
    }

    /** Create record. (POST /{kind}/) */
    public function create(
        \Crmgen\Client\Model\ProjectblogsCreateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsCreateRecordResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/projectblogs/',
                bodyDesc: Descriptors::get('records/projectblogs.createRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/projectblogs.createRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsCreateRecordResponse => \Crmgen\Client\Model\ProjectblogsCreateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Show record with its activities (email messages excluded), categories and related items. (GET /{kind}/{id}/) */
    public function show(
        \Crmgen\Client\Id\ProjectblogId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsShowRecordResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/projectblogs/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/projectblogs.showRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsShowRecordResponse => \Crmgen\Client\Model\ProjectblogsShowRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update record. (PUT /{kind}/{id}/) */
    public function update(
        \Crmgen\Client\Id\ProjectblogId $id,
        \Crmgen\Client\Model\ProjectblogsUpdateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsUpdateRecordResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/projectblogs/' . rawurlencode((string) $id->value) . '/',
                bodyDesc: Descriptors::get('records/projectblogs.updateRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/projectblogs.updateRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsUpdateRecordResponse => \Crmgen\Client\Model\ProjectblogsUpdateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Delete record. (DELETE /{kind}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\ProjectblogId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsDeleteRecordResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/projectblogs/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/projectblogs.deleteRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsDeleteRecordResponse => \Crmgen\Client\Model\ProjectblogsDeleteRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
