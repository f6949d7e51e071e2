<?php

declare(strict_types=1);

namespace Crmgen\Client\Id;

/** The id of a comment activity: its own type, so an id of another kind or segment is a TypeError. */
final class CommentId
{
    public function __construct(public readonly int $value) {}
}
