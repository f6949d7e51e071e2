<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Opportunity valuecurrency (section 2, "Opportunity value lists"). */
enum Currencies: string
{
    case USD = 'USD';
    case EUR = 'EUR';
    case GBP = 'GBP';
    case CAD = 'CAD';
    case AUD = 'AUD';
    case BRL = 'BRL';
    case CHF = 'CHF';
    case CNY = 'CNY';
    case DKK = 'DKK';
    case HKD = 'HKD';
    case HRK = 'HRK';
    case HUF = 'HUF';
    case INR = 'INR';
    case JPY = 'JPY';
    case MXN = 'MXN';
    case MYR = 'MYR';
    case NOK = 'NOK';
    case NZD = 'NZD';
    case RUB = 'RUB';
    case SEK = 'SEK';
    case SGD = 'SGD';
    case THB = 'THB';
    case ZAR = 'ZAR';
}
