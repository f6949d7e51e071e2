<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** The activities report `last` parameter; completed applies to tasks only. */
enum Lastmodes: string
{
    case Created = 'created';
    case Updated = 'updated';
    case Changed = 'changed';
    case Completed = 'completed';
}
