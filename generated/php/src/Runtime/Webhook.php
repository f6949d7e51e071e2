<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * Verifies a webhook delivery with the hook's secret, by either signature the service sends:
 * Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>", refused when the timestamp is further than the tolerance from now) when its
 * headers are present, else the hex HMAC-SHA256 of the body in the signature header. Compared with
 * hash_equals.
 */
final class Webhook
{
    public const VALID = 'valid';
    public const INVALID = 'invalid';
    public const STALE = 'stale';

    /**
     * @param array<string, string|list<string>> $headers the request's headers (any case)
     * @return 'valid'|'invalid'|'stale'
     */
    public static function check(string $body, array $headers, string $secret, string $signatureHeader, int $toleranceSeconds = 300, ?int $now = null): string
    {
        $h = [];
        foreach ($headers as $name => $value) {
            $h[strtolower((string) $name)] = is_array($value) ? (string) ($value[0] ?? '') : $value;
        }
        $standard = $h['webhook-signature'] ?? null;
        if ($standard === null) {
            $given = $h[strtolower($signatureHeader)] ?? null;
            if ($given === null) {
                return self::INVALID;
            }
            return hash_equals(hash_hmac('sha256', $body, $secret), strtolower(trim($given))) ? self::VALID : self::INVALID;
        }
        $id = $h['webhook-id'] ?? '';
        $timestamp = trim($h['webhook-timestamp'] ?? '');
        if ($id === '' || preg_match('/^\d{1,12}$/', $timestamp) !== 1) {
            return self::INVALID;
        }
        $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$body}", $secret, true));
        $valid = false;
        foreach (preg_split('/\s+/', trim($standard)) ?: [] as $part) {
            [$version, $value] = array_pad(explode(',', $part, 2), 2, '');
            if ($version === 'v1' && hash_equals($expected, $value)) {
                $valid = true;
            }
        }
        if (!$valid) {
            return self::INVALID;
        }
        return abs(($now ?? time()) - (int) $timestamp) > $toleranceSeconds ? self::STALE : self::VALID;
    }
}
