<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * A call the service (or this client, before sending) refused: the HTTP status and the error
 * keys of the service's envelope (`<errors><key>message</key></errors>`).
 */
class ServiceException extends \RuntimeException
{
    /**
     * @param array<string, string> $errors error key => message, as the service sent them
     */
    public function __construct(
        public readonly int $status,
        public readonly array $errors,
        public readonly ?Quota $quota = null,
        ?\Throwable $previous = null,
    ) {
        $first = $errors === [] ? "HTTP {$status}" : implode('; ', array_map(
            static fn (string $k, string $m): string => "{$k}: {$m}",
            array_keys($errors),
            array_values($errors),
        ));
        parent::__construct($first, $status, $previous);
    }

    /** @return list<string> the error keys */
    public function keys(): array
    {
        return array_keys($this->errors);
    }

    public function has(string $key): bool
    {
        return array_key_exists($key, $this->errors);
    }
}
