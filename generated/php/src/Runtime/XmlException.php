<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** A document that is malformed, uses a DTD or entities, or passes a limit. */
final class XmlException extends \RuntimeException
{
}
