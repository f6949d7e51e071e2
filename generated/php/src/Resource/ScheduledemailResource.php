<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** The activities of one segment, under the record kind it was made for. */
final class ScheduledemailResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c, private readonly string $kind) {}

    /** Create activity. (POST /{kind}/{segment}/) */
    public function create(
        \Crmgen\Client\Model\ScheduledemailCreateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\ScheduledemailCreateActivityResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/' . $this->kind . '/scheduledemail/',
                bodyDesc: Descriptors::get('activities/scheduledemail.createActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/scheduledemail.createActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\ScheduledemailCreateActivityResponse => \Crmgen\Client\Model\ScheduledemailCreateActivityResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update activity. (PUT /{kind}/{segment}/{id}) */
    public function update(
        \Crmgen\Client\Id\ScheduledemailId $id,
        \Crmgen\Client\Model\ScheduledemailUpdateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\UpdateActivityResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/' . $this->kind . '/scheduledemail/' . rawurlencode((string) $id->value),
                bodyDesc: Descriptors::get('activities/scheduledemail.updateActivity.request'),
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
        \Crmgen\Client\Id\ScheduledemailId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\DeleteActivityResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/' . $this->kind . '/scheduledemail/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('activities/deleteActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\DeleteActivityResponse => \Crmgen\Client\Model\DeleteActivityResponse::fromWire($w),
            $options,
        );
    }
}
