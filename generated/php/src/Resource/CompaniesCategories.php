<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class CompaniesCategories
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Create category tag. (POST /{kind}/categories/) */
    public function create(
        \Crmgen\Client\Model\CompaniesCreateCategoryRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CompaniesCreateCategoryResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/companies/categories/',
                bodyDesc: Descriptors::get('records/companies.createCategory.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/companies.createCategory.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesCreateCategoryResponse => \Crmgen\Client\Model\CompaniesCreateCategoryResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** List category tags. (GET /{kind}/categories/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\CompaniesListCategoriesResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/companies/categories/',
                responseDesc: Descriptors::get('records/companies.listCategories.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CompaniesListCategoriesResponse => \Crmgen\Client\Model\CompaniesListCategoriesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
