<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** 401 or 403: wrong credentials, or not allowed. */
class AuthenticationException extends ServiceException
{
}
