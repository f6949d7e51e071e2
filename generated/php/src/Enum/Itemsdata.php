<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** 0 = no parent data, 1 = include parent data. */
enum Itemsdata: int
{
    case V0 = 0;
    case V1 = 1;
}
