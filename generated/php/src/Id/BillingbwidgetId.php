<?php

declare(strict_types=1);

namespace Crmgen\Client\Id;

/** The id of a billingbwidget activity: its own type, so an id of another kind or segment is a TypeError. */
final class BillingbwidgetId implements CommentParent
{
    public function __construct(public readonly int $value) {}
}
