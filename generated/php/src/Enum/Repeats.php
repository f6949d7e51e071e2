<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Event repeats; blank means the event does not repeat. */
enum Repeats: string
{
    case Empty = '';
    case Daily = 'daily';
    case Weekly = 'weekly';
    case Monthly = 'monthly';
    case Yearly = 'yearly';
}
