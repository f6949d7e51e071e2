<?php

declare(strict_types=1);

namespace Crmgen\Client\Resource;

use Crmgen\Client\Descriptors;
use Crmgen\Client\Runtime\Call;
use Crmgen\Client\Runtime\CallOptions;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Pages;

/** The activities of one segment, under the record kind it was made for. */
final class AttachmentfileResource
{
    /** @internal made by the client */
    public function __construct(private readonly Connection $c, private readonly string $kind) {}

    /**
     * Create activity. (POST /{kind}/{segment}/)
     * @param array<string, \Crmgen\Client\Runtime\Upload> $files the files of file, by field
     */
    public function create(
        \Crmgen\Client\Model\AttachmentfileCreateActivityRequest $request,
        array $files = [],
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\AttachmentfileCreateActivityResponse {
        return $this->c->send(
            new Call(
                'POST',
                '/' . $this->kind . '/attachmentfile/',
                bodyDesc: Descriptors::get('activities/attachmentfile.createActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/attachmentfile.createActivity.response'),
                files: $files,
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\AttachmentfileCreateActivityResponse => \Crmgen\Client\Model\AttachmentfileCreateActivityResponse::fromWire(
                $w,
            ),
            $options,
        );
    }

    /**
     * Update activity. (PUT /{kind}/{segment}/{id})
     * @param array<string, \Crmgen\Client\Runtime\Upload> $files the files of file, by field
     */
    public function update(
        \Crmgen\Client\Id\AttachmentfileId $id,
        \Crmgen\Client\Model\AttachmentfileUpdateActivityRequest $request,
        array $files = [],
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\UpdateActivityResponse {
        return $this->c->send(
            new Call(
                'PUT',
                '/' . $this->kind . '/attachmentfile/' . rawurlencode((string) $id->value),
                bodyDesc: Descriptors::get('activities/attachmentfile.updateActivity.request'),
                body: $request->toWire(),
                responseDesc: Descriptors::get('activities/updateActivity.response'),
                files: $files,
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\UpdateActivityResponse => \Crmgen\Client\Model\UpdateActivityResponse::fromWire($w),
            $options,
        );
    }

    /** Delete activity. (DELETE /{kind}/{segment}/{id}/) */
    public function delete(
        \Crmgen\Client\Id\AttachmentfileId $id,
        ?CallOptions $options = null,
    ): \Crmgen\Client\Model\DeleteActivityResponse {
        return $this->c->send(
            new Call(
                'DELETE',
                '/' . $this->kind . '/attachmentfile/' . rawurlencode((string) $id->value) . '/',
                responseDesc: Descriptors::get('activities/deleteActivity.response'),
            ),
            static fn(
                array $w,
            ): \Crmgen\Client\Model\DeleteActivityResponse => \Crmgen\Client\Model\DeleteActivityResponse::fromWire($w),
            $options,
        );
    }
}
