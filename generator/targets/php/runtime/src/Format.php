<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** The body format on the wire. */
enum Format: string
{
    case Xml = 'xml';
    case Json = 'json';
}
