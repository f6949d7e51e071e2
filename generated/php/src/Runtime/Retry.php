<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * When a failed call is sent again (the shared retry table): a 429 ran nothing, so any call waits
 * out its Retry-After once, when one is given and it is at most maxRetryAfterSeconds; a 503 (and
 * any 5xx or network failure) only for calls that may run twice (GET, PUT, DELETE), after its
 * Retry-After when given (not at all when that is longer than maxRetryAfterSeconds), else after an
 * exponential backoff with jitter. Retry-After is whole seconds or an HTTP date; anything else
 * counts as absent.
 */
final class Retry
{
    public const IDEMPOTENT = ['GET', 'PUT', 'DELETE'];

    public function __construct(
        public readonly int $max = 3,
        public readonly int $maxRetryAfterSeconds = 60,
        public readonly float $baseDelaySeconds = 0.2,
        public readonly float $maxDelaySeconds = 10.0,
    ) {
    }

    /** Retry-After in seconds: delta-seconds or an HTTP date (from `now`); null when absent or unreadable. */
    public static function retryAfter(?string $header, ?int $now = null): ?int
    {
        if ($header === null || trim($header) === '') {
            return null;
        }
        if (preg_match('/^\s*\d+\s*$/', $header) === 1) {
            return (int) trim($header);
        }
        // An HTTP date (IMF-fixdate, or the obsolete RFC 850 and asctime forms); anything else counts as absent.
        $t = null;
        foreach (['D, d M Y H:i:s \G\M\T', 'l, d-M-y H:i:s \G\M\T', 'D M j H:i:s Y'] as $form) {
            $at = \DateTimeImmutable::createFromFormat('!' . $form, trim($header), new \DateTimeZone('UTC'));
            if ($at !== false) {
                $t = $at->getTimestamp();
                break;
            }
        }
        if ($t === null) {
            return null;
        }
        return max(0, $t - ($now ?? time()));
    }

    /**
     * The wait before attempt number `attempt` + 1 (0-based), in seconds; null: do not retry.
     * A backoff (no Retry-After) is returned as a negative number: -1 * the largest delay allowed.
     */
    public function delay(string $method, int $status, ?string $retryAfter, int $attempt, bool $rateLimitedBefore = false, ?int $now = null): ?float
    {
        if ($attempt >= $this->max) {
            return null;
        }
        $after = self::retryAfter($retryAfter, $now);
        if ($status === 429) {
            return !$rateLimitedBefore && $after !== null && $after <= $this->maxRetryAfterSeconds ? (float) $after : null;
        }
        if (($status >= 500 || $status === 0) && in_array(strtoupper($method), self::IDEMPOTENT, true)) {
            if ($after !== null && $after > $this->maxRetryAfterSeconds) {
                return null;
            }
            if ($after !== null && $after > 0) {
                return (float) $after;
            }
            return -min($this->maxDelaySeconds, $this->baseDelaySeconds * 2 ** $attempt);
        }
        return null;
    }
}
