<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** 400, or a value refused by this client before anything was sent (local is then true). */
class ValidationException extends ServiceException
{
    /** @param array<string, string> $errors */
    public function __construct(int $status, array $errors, ?Quota $quota = null, public readonly bool $local = false)
    {
        parent::__construct($status, $errors, $quota);
    }
}
