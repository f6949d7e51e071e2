<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** The built-in transport, on ext-curl; keeps one handle so connections are reused. */
final class CurlTransport implements Transport
{
    private ?\CurlHandle $handle = null;

    public function send(HttpRequest $request): HttpResponse
    {
        $h = $this->handle ??= curl_init();
        curl_reset($h);
        $headers = [];
        foreach ($request->headers as $name => $value) {
            $headers[] = "{$name}: {$value}";
        }
        // No "Expect: 100-continue" round trip on large bodies.
        $headers[] = 'expect:';
        $received = [];
        curl_setopt_array($h, [
            CURLOPT_URL => $request->url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_TIMEOUT_MS => (int) ceil($request->timeoutSeconds * 1000),
            CURLOPT_HEADERFUNCTION => static function ($ch, string $line) use (&$received): int {
                $colon = strpos($line, ':');
                if ($colon !== false) {
                    $received[strtolower(trim(substr($line, 0, $colon)))] = trim(substr($line, $colon + 1));
                } elseif (str_starts_with($line, 'HTTP/')) {
                    $received = [];
                }
                return strlen($line);
            },
        ]);
        if ($request->body !== '' || in_array($request->method, ['POST', 'PUT'], true)) {
            curl_setopt($h, CURLOPT_POSTFIELDS, $request->body);
        }
        $body = curl_exec($h);
        if (!is_string($body)) {
            throw new ConnectionException(curl_error($h) ?: 'no answer');
        }
        return new HttpResponse((int) curl_getinfo($h, CURLINFO_RESPONSE_CODE), $received, $body);
    }
}
