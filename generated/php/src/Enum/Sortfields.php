<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** List records sort field. */
enum Sortfields: string
{
    case Name = 'name';
    case Created = 'created';
    case Flagged = 'flagged';
    case UpdateTime = 'update_time';
}
