<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ProjectblogsCategories
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Create category tag. (POST /{kind}/categories/) */
    public function create(
        \Crmgen\Client\Model\ProjectblogsCreateCategoryRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ProjectblogsCreateCategoryResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/projectblogs/categories/',
                bodyDesc: Descriptors::get('records/projectblogs.createCategory.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/projectblogs.createCategory.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsCreateCategoryResponse => \Crmgen\Client\Model\ProjectblogsCreateCategoryResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** List category tags. (GET /{kind}/categories/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\ProjectblogsListCategoriesResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/projectblogs/categories/',
                responseDesc: Descriptors::get('records/projectblogs.listCategories.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ProjectblogsListCategoriesResponse => \Crmgen\Client\Model\ProjectblogsListCategoriesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
