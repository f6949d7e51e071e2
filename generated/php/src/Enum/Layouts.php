<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** 0 = summary, 1 = all fields. */
enum Layouts: int
{
    case V0 = 0;
    case V1 = 1;
}
