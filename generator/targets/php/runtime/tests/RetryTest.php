<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Quota;
use Crmgen\Client\Runtime\Retry;
use PHPUnit\Framework\TestCase;

/** The retry table: 429 once after Retry-After (either form), 5xx for idempotent calls only. */
final class RetryTest extends TestCase
{
    public function testRetryAfterForms(): void
    {
        self::assertSame(7, Retry::retryAfter(' 7 '));
        self::assertNull(Retry::retryAfter(null));
        self::assertNull(Retry::retryAfter(''));
        self::assertNull(Retry::retryAfter('soon'));
        $now = 1_700_000_000;
        self::assertSame(30, Retry::retryAfter(gmdate('D, d M Y H:i:s', $now + 30) . ' GMT', $now));
        self::assertSame(0, Retry::retryAfter(gmdate('D, d M Y H:i:s', $now - 30) . ' GMT', $now));
    }

    public function testTable(): void
    {
        $r = new Retry();
        self::assertSame(2.0, $r->delay('POST', 429, '2', 0));
        self::assertNull($r->delay('POST', 429, '2', 0, true));
        self::assertNull($r->delay('GET', 429, null, 0));
        self::assertNull($r->delay('GET', 429, '61', 0));
        self::assertSame(3.0, $r->delay('GET', 503, '3', 0));
        self::assertNull($r->delay('POST', 503, '3', 0));
        $backoff = $r->delay('GET', 503, null, 1);
        self::assertNotNull($backoff);
        self::assertLessThan(0, $backoff);
        self::assertNull($r->delay('GET', 503, '1', 3));
        self::assertNull($r->delay('GET', 404, null, 0));
        self::assertLessThan(0, (float) $r->delay('DELETE', 0, null, 0));
    }

    public function testQuota(): void
    {
        $q = Quota::parse(' 3/5000 ');
        self::assertSame([3, 5000], [$q?->used, $q?->allowed]);
        self::assertNull(Quota::parse('x'));
        self::assertNull(Quota::parse(null));
    }
}
