<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ContactsCategories
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Create category tag. (POST /{kind}/categories/) */
    public function create(
        \Crmgen\Client\Model\ContactsCreateCategoryRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ContactsCreateCategoryResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/contacts/categories/',
                bodyDesc: Descriptors::get('records/contacts.createCategory.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('records/contacts.createCategory.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsCreateCategoryResponse => \Crmgen\Client\Model\ContactsCreateCategoryResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** List category tags. (GET /{kind}/categories/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\ContactsListCategoriesResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/contacts/categories/',
                responseDesc: Descriptors::get('records/contacts.listCategories.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsListCategoriesResponse => \Crmgen\Client\Model\ContactsListCategoriesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
