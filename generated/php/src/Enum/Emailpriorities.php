<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Scheduled email priority. */
enum Emailpriorities: int
{
    case V0 = 0;
    case V1 = 1;
    case V2 = 2;
}
