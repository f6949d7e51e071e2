<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** List records sort direction, in any case (asc is ASC). */
enum Sortdirs: string
{
    case ASC = 'ASC';
    case DESC = 'DESC';
}
