<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** The opportunities report `status` parameter (lower case in the document), in any case, so an opportunity's own status spelling (On-hold) is accepted. */
enum Reportopportunitystatuses: string
{
    case Discussion = 'discussion';
    case Pending = 'pending';
    case Won = 'won';
    case Lost = 'lost';
    case OnHold = 'on-hold';
}
