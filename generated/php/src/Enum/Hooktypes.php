<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Webhook type; web is the only class. */
enum Hooktypes: string
{
    case Web = 'web';
}
