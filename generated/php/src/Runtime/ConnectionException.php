<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** No answer: the connection failed or timed out (status 0). */
class ConnectionException extends ServiceException
{
    public function __construct(string $message, ?\Throwable $previous = null)
    {
        parent::__construct(0, ['connectionfailed' => $message], null, $previous);
    }
}
