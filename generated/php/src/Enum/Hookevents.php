<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Webhook events (sections 4 and 6). */
enum Hookevents: string
{
    case ItemsCategorize = 'items.categorize';
    case ItemsUncategorize = 'items.uncategorize';
    case ItemsUpdate = 'items.update';
    case ItemsCreate = 'items.create';
    case ItemsDelete = 'items.delete';
    case ItemsRestore = 'items.restore';
    case ActivitiesUpdate = 'activities.update';
    case ActivitiesCreate = 'activities.create';
    case ActivitiesDelete = 'activities.delete';
    case ActivitiesRestore = 'activities.restore';
}
