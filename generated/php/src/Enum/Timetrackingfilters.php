<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** timetrackingfilters */
enum Timetrackingfilters: string
{
    case Invoiced = 'invoiced';
    case Billable = 'billable';
    case NonBillable = 'non-billable';
}
