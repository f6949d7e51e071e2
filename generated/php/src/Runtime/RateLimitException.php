<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** 429: the quota is spent (or too many failed logins); retryAfter says when to try again. */
class RateLimitException extends ServiceException
{
    /** @param array<string, string> $errors */
    public function __construct(int $status, array $errors, ?Quota $quota, public readonly ?int $retryAfter)
    {
        parent::__construct($status, $errors, $quota);
    }
}
