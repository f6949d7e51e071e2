<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class TicketsCategories
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Create category tag. (POST /{kind}/categories/) */
    public function create(
        \Crmgen\Client\Model\TicketsCreateCategoryRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\TicketsCreateCategoryResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/tickets/categories/',
                bodyDesc: Descriptors::get('records/tickets.createCategory.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/tickets.createCategory.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsCreateCategoryResponse => \Crmgen\Client\Model\TicketsCreateCategoryResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** List category tags. (GET /{kind}/categories/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\TicketsListCategoriesResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/tickets/categories/',
                responseDesc: Descriptors::get('records/tickets.listCategories.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\TicketsListCategoriesResponse => \Crmgen\Client\Model\TicketsListCategoriesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
