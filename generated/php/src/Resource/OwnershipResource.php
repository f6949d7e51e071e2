<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class OwnershipResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** List users and groups. (GET /ownership/) */
    public function list(
        ?\Crmgen\Client\Model\ListOwnershipParams $params = null,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ListOwnershipResponse {
        return $this->c->send(
            new Call(
                'GET',
                '/ownership/',
                queryDesc: Descriptors::get('listOwnership.params'),
                query: $params?->toWire() ?? [],
                responseDesc: Descriptors::get('listOwnership.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ListOwnershipResponse => \Crmgen\Client\Model\ListOwnershipResponse::fromWire($w),
            $options,
        );
    }
}
