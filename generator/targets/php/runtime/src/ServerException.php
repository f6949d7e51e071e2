<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** 5xx: the service failed. */
class ServerException extends ServiceException
{
}
