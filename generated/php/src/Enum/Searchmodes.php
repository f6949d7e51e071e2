<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** List records sub-filter. S = starts with, C = contains, E = is empty, N = is not empty; {fieldId} stands for a field id (digits). */
enum Searchmodes: string
{
    case Sany = 'Sany';
    case Cany = 'Cany';
    case Canyitem = 'Canyitem';
    case Sanyitem = 'Sanyitem';
    case Canyjournal = 'Canyjournal';
    case Sanyjournal = 'Sanyjournal';
    case CFieldId = 'C{fieldId}';
    case SFieldId = 'S{fieldId}';
    case EFieldId = 'E{fieldId}';
    case NFieldId = 'N{fieldId}';
}
