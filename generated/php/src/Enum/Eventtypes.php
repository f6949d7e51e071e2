<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** eventtypes */
enum Eventtypes: string
{
    case Keep = 'keep';
    case Remove = 'remove';
}
