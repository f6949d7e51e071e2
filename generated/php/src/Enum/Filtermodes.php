<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** List records primary filter. */
enum Filtermodes: string
{
    case Flagged = 'flagged';
    case Assigned = 'assigned';
    case Nocategory = 'nocategory';
    case Viewed = 'viewed';
    case Created = 'created';
    case Updated = 'updated';
    case Notviewed = 'notviewed';
    case Notupdated = 'notupdated';
    case Duetoday = 'duetoday';
    case Duesoon = 'duesoon';
    case Tasksoverdue = 'tasksoverdue';
    case Owner = 'owner';
    case Category = 'category';
    case Archived = 'archived';
    case Unsent = 'unsent';
    case Byphone = 'byphone';
    case Byemail = 'byemail';
}
