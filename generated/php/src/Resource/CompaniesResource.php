<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class CompaniesResource
{
    public readonly CompaniesCategories $categories;
    public readonly CompaniesFields $fields;
    public readonly CompaniesActivities $activities;

    /** @internal made by the client */
    public function __construct(private readonly Connection $c)
    {
        $this->categories = new CompaniesCategories($c);
        $this->fields = new CompaniesFields($c);
        $this->activities = new CompaniesActivities($c, 'companies');
    }

    /** List records. (GET /{kind}/) */
    public function list(
        ?\Crmgen\Client\Model\CompaniesListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesListRecordsResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/companies/',
                queryDesc: Descriptors::get('records/companies.listRecords.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('records/companies.listRecords.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesListRecordsResponse => \Crmgen\Client\Model\CompaniesListRecordsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** @return \Generator<int, \Crmgen\Client\Model\CompaniesListRecordsResponseEntriesEntry> every entry, one page fetched at a time */
    public function iterate(
        ?\Crmgen\Client\Model\CompaniesListRecordsParams $params = null,
        ?CallOptions $options = null,
    ): \Generator {
        $wire = $params?->toWire() ?? [];
        return Pages::iterate(function (int $start) use ($wire, $options): array {
            $page = $this->list(
                \Crmgen\Client\Model\CompaniesListRecordsParams::fromWire(['start' => $start] + $wire),
                $options,
            );
            return [$page->entries ?? [], $page->count ?? 0];
        }, (int) ($wire['start'] ?? 0));
    }

    /** Create record. (POST /{kind}/) */
    public function create(
        \Crmgen\Client\Model\CompaniesCreateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesCreateRecordResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/companies/',
                bodyDesc: Descriptors::get('records/companies.createRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/companies.createRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesCreateRecordResponse => \Crmgen\Client\Model\CompaniesCreateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Show record with its activities (email messages excluded), categories and related items. (GET /{kind}/{id}/) */
    public function show(
        \Crmgen\Client\Id\CompanyId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesShowRecordResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/companies/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/companies.showRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesShowRecordResponse => \Crmgen\Client\Model\CompaniesShowRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update record. (PUT /{kind}/{id}/) */
    public function update(
        \Crmgen\Client\Id\CompanyId $id,
        \Crmgen\Client\Model\CompaniesUpdateRecordRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesUpdateRecordResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/companies/' . rawurlencode((string) $id->value) . '/',
                bodyDesc: Descriptors::get('records/companies.updateRecord.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/companies.updateRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesUpdateRecordResponse => \Crmgen\Client\Model\CompaniesUpdateRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Delete record. (DELETE /{kind}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\CompanyId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesDeleteRecordResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/companies/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('records/companies.deleteRecord.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesDeleteRecordResponse => \Crmgen\Client\Model\CompaniesDeleteRecordResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
