<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** The activities of one segment, under the record kind it was made for. */
final class OnlinedocResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c, private readonly string $kind) {}

    /** Create activity. (POST /{kind}/{segment}/) */
    public function create(
        \Crmgen\Client\Model\OnlinedocCreateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\OnlinedocCreateActivityResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/' . $this->kind . '/onlinedoc/',
                bodyDesc: Descriptors::get('activities/onlinedoc.createActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/onlinedoc.createActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\OnlinedocCreateActivityResponse => \Crmgen\Client\Model\OnlinedocCreateActivityResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update activity. (PUT /{kind}/{segment}/{id}) */
    public function update(
        \Crmgen\Client\Id\OnlinedocId $id,
        \Crmgen\Client\Model\OnlinedocUpdateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\UpdateActivityResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/' . $this->kind . '/onlinedoc/' . rawurlencode((string) $id->value),
                bodyDesc: Descriptors::get('activities/onlinedoc.updateActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/updateActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\UpdateActivityResponse => \Crmgen\Client\Model\UpdateActivityResponse::fromWire($w),
            $options,
        );
    }

    /** Delete activity. (DELETE /{kind}/{segment}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\OnlinedocId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\DeleteActivityResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/' . $this->kind . '/onlinedoc/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('activities/deleteActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\DeleteActivityResponse => \Crmgen\Client\Model\DeleteActivityResponse::fromWire($w),
            $options,
        );
    }
}
