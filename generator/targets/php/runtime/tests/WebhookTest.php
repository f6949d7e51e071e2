<?php

declare(strict_types=1);

use Crmgen\Client\Runtime\Webhook;
use PHPUnit\Framework\TestCase;

/** Both signature schemes, with hash_equals and the timestamp tolerance. */
final class WebhookTest extends TestCase
{
    public function testHexSignature(): void
    {
        $body = '<notification/>';
        $sig = hash_hmac('sha256', $body, 's3cret');
        self::assertSame('valid', Webhook::check($body, ['X-Sig' => strtoupper($sig)], 's3cret', 'x-sig'));
        self::assertSame('invalid', Webhook::check($body . ' ', ['X-Sig' => $sig], 's3cret', 'x-sig'));
        self::assertSame('invalid', Webhook::check($body, [], 's3cret', 'x-sig'));
    }

    public function testStandardWebhooks(): void
    {
        $body = '{"a":1}';
        $now = 1_700_000_000;
        $sig = base64_encode(hash_hmac('sha256', "msg_1.{$now}.{$body}", 'k', true));
        $h = ['webhook-id' => 'msg_1', 'webhook-timestamp' => (string) $now, 'webhook-signature' => "v0,xx v1,{$sig}"];
        self::assertSame('valid', Webhook::check($body, $h, 'k', 'x-sig', 300, $now + 10));
        self::assertSame('stale', Webhook::check($body, $h, 'k', 'x-sig', 300, $now + 301));
        self::assertSame('invalid', Webhook::check($body, ['webhook-signature' => 'v1,zz'] + $h, 'k', 'x-sig', 300, $now));
        self::assertSame('invalid', Webhook::check($body, ['webhook-timestamp' => 'x'] + $h, 'k', 'x-sig', 300, $now));
        self::assertSame('valid', Webhook::check($body, ['Webhook-Id' => ['msg_1']] + $h, 'k', 'x-sig', 300, $now));
    }
}
