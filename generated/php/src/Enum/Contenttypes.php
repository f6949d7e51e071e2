<?php

declare(strict_types=1);

namespace Crmgen\Client\Enum;

/** Webhook notification body format. */
enum Contenttypes: string
{
    case Xml = 'xml';
    case Json = 'json';
    case Form = 'form';
}
