<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Opportunity status (section 3 lists the same five states). */
enum Opportunitystatuses: string
{
    case Discussion = 'Discussion';
    case Pending = 'Pending';
    case Won = 'Won';
    case Lost = 'Lost';
    case OnHold = 'On-hold';
}
