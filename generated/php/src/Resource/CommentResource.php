<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** The activities of one segment, under the record kind it was made for. */
final class CommentResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c, private readonly string $kind) {}

    /** Create activity. (POST /{kind}/{segment}/) */
    public function create(
        \Crmgen\Client\Model\CommentCreateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\CommentCreateActivityResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/' . $this->kind . '/comment/',
                bodyDesc: Descriptors::get('activities/comment.createActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/comment.createActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\CommentCreateActivityResponse => \Crmgen\Client\Model\CommentCreateActivityResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /** Update activity. (PUT /{kind}/{segment}/{id}) */
    public function update(
        \Crmgen\Client\Id\CommentId $id,
        \Crmgen\Client\Model\CommentUpdateActivityRequest $request,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\UpdateActivityResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/' . $this->kind . '/comment/' . rawurlencode((string) $id->value),
                bodyDesc: Descriptors::get('activities/comment.updateActivity.request'),
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
        \Crmgen\Client\Id\CommentId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\DeleteActivityResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/' . $this->kind . '/comment/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('activities/deleteActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\DeleteActivityResponse => \Crmgen\Client\Model\DeleteActivityResponse::fromWire($w),
            $options,
        );
    }
}
