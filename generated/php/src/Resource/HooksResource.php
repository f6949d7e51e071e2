<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** Operations of the API: one method each. */
final class HooksResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c) {}

    /** Create webhook. (POST /hooks/) */
    public function create(
        \Crmgen\Client\Model\CreateHookRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CreateHookResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/hooks/',
                bodyDesc: Descriptors::get('createHook.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('createHook.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CreateHookResponse => \Crmgen\Client\Model\CreateHookResponse::fromWire($w),
            $options,
        );
    }

    /** Update webhook; the body holds any of the fields. (PUT /hooks/{id}) */
    public function update(
        int $id,
        \Crmgen\Client\Model\UpdateHookRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\UpdateHookResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/hooks/' . rawurlencode((string) $id),
                bodyDesc: Descriptors::get('updateHook.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('updateHook.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\UpdateHookResponse => \Crmgen\Client\Model\UpdateHookResponse::fromWire($w),
            $options,
        );
    }

    /** List webhooks. (GET /hooks/) */
    public function list(?CallOptions $options = null): \Crmgen\Client\Model\ListHooksResponse
    {
        return $this->c->send(
            new Call('GET', '/hooks/', responseDesc: Descriptors::get('listHooks.response')),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ListHooksResponse => \Crmgen\Client\Model\ListHooksResponse::fromWire($w),
            $options,
        );
    }

    /** Recent delivery attempts of a webhook, newest first. (GET /hooks/{id}/deliveries) */
    public function deliveries(int $id, ?CallOptions $options = null): \Crmgen\Client\Model\ListHookDeliveriesResponse
    {
        return $this->c->send(
            new Call(
                'GET',
                '/hooks/' . rawurlencode((string) $id) . '/deliveries',
                responseDesc: Descriptors::get('listHookDeliveries.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ListHookDeliveriesResponse => \Crmgen\Client\Model\ListHookDeliveriesResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). (POST /hooks/{id}/deliveries/{deliveryId}/redeliver) */
    public function redeliver(
        int $id,
        int $deliveryId,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\RedeliverHookResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/hooks/' .
                    rawurlencode((string) $id) .
                    '/deliveries/' .
                    rawurlencode((string) $deliveryId) .
                    '/redeliver',
                responseDesc: Descriptors::get('redeliverHook.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\RedeliverHookResponse => \Crmgen\Client\Model\RedeliverHookResponse::fromWire($w),
            $options,
        );
    }

    /** Delete webhook. (DELETE /hooks/{id}) */
    public function delete(int $id, ?CallOptions $options = null): \Crmgen\Client\Model\DeleteHookResponse
    {
        return $this->c->send(
            new Call(
                'DELETE',
                '/hooks/' . rawurlencode((string) $id),
                responseDesc: Descriptors::get('deleteHook.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\DeleteHookResponse => \Crmgen\Client\Model\DeleteHookResponse::fromWire($w),
            $options,
        );
    }
}
