<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Match any (OR) or all (AND) specified categories. */
enum Specials: string
{
    case AND = 'AND';
    case OR = 'OR';
}
