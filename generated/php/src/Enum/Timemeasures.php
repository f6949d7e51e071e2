<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Task timespentmeasure and timeremainsmeasure. */
enum Timemeasures: string
{
    case Days = 'days';
    case Hours = 'hours';
    case Weeks = 'weeks';
}
