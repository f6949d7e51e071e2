<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class ContactsFields
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** List fields. (GET /{kind}/fields/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\ContactsListFieldsResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/contacts/fields/',
                responseDesc: Descriptors::get('records/contacts.listFields.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ContactsListFieldsResponse => \Crmgen\Client\Model\ContactsListFieldsResponse::fromWire(
                $w,
            ),
            $options,
        );
    }
}
