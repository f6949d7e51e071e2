<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Opportunity valueinterval. */
enum Valueintervals: string
{
    case FixedPrice = 'fixed price';
    case PerHour = 'per hour';
    case PerDay = 'per day';
    case PerWeek = 'per week';
    case PerMonth = 'per month';
    case PerQuarter = 'per quarter';
    case PerYear = 'per year';
}
