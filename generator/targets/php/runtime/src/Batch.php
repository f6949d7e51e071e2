<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * The multipart/mixed codec of the batch call: each part is application/http holding one whole
 * nested HTTP request (or response), with CRLF line endings.
 */
final class Batch
{
    /**
     * The multipart body of a batch request. Each part: Content-Type, Content-Transfer-Encoding and
     * Content-ID <N>; the nested request's headers in canonical case, Content-Type first, then
     * Content-Length (set from the body when there is one), then the rest in their order.
     *
     * @param list<array{method: string, path: string, headers: array<string, string>, body: string}> $parts
     */
    public static function encode(array $parts, string $boundary, string $partContentType): string
    {
        $out = '';
        foreach ($parts as $i => $p) {
            $headers = [];
            foreach ($p['headers'] as $name => $value) {
                if (strtolower($name) !== 'content-length') {
                    $headers[strtolower($name)] = $value;
                }
            }
            if ($p['body'] !== '') {
                $headers['content-length'] = (string) strlen($p['body']);
            }
            $rank = static fn (string $n): int => ['content-type' => 0, 'content-length' => 1, 'location' => 2][$n] ?? 3;
            $names = array_keys($headers);
            $order = array_flip($names);
            usort($names, static fn (string $a, string $b): int => [$rank($a), $order[$a]] <=> [$rank($b), $order[$b]]);
            $out .= "--{$boundary}\r\nContent-Type: {$partContentType}\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <" . ($i + 1) . ">\r\n\r\n";
            $out .= "{$p['method']} {$p['path']} HTTP/1.1\r\n";
            foreach ($names as $name) {
                $canonical = implode('-', array_map('ucfirst', explode('-', $name)));
                $out .= "{$canonical}: {$headers[$name]}\r\n";
            }
            $out .= "\r\n{$p['body']}\r\n";
        }
        return $out . "--{$boundary}--\r\n";
    }

    public static function boundaryOf(?string $contentType): ?string
    {
        if ($contentType === null || preg_match('/boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i', $contentType, $m) !== 1) {
            return null;
        }
        return $m[1] !== '' ? $m[1] : $m[2];
    }

    /**
     * The nested responses of a batch answer, in order.
     *
     * @return list<HttpResponse>
     */
    public static function decode(string $body, ?string $contentType): array
    {
        $boundary = self::boundaryOf($contentType);
        if ($boundary === null) {
            throw new \UnexpectedValueException('the batch answer is not multipart/mixed with a boundary');
        }
        $chunks = explode("--{$boundary}", $body);
        array_shift($chunks);
        $out = [];
        foreach ($chunks as $chunk) {
            if (str_starts_with($chunk, '--')) {
                break;
            }
            $chunk = (string) preg_replace('/^\r\n/', '', $chunk);
            $split = strpos($chunk, "\r\n\r\n");
            if ($split === false) {
                throw new \UnexpectedValueException('a batch part has no headers');
            }
            $out[] = self::message(substr($chunk, $split + 4));
        }
        return $out;
    }

    private static function message(string $text): HttpResponse
    {
        $split = strpos($text, "\r\n\r\n");
        $head = $split === false ? $text : substr($text, 0, $split);
        $body = $split === false ? '' : substr($text, $split + 4);
        $lines = explode("\r\n", $head);
        if (preg_match('/^HTTP\/\d\.\d\s+(\d{3})/', $lines[0], $m) !== 1) {
            throw new \UnexpectedValueException('a batch part holds no HTTP response');
        }
        $headers = [];
        foreach (array_slice($lines, 1) as $line) {
            $colon = strpos($line, ':');
            if ($colon !== false) {
                $headers[strtolower(trim(substr($line, 0, $colon)))] = trim(substr($line, $colon + 1));
            }
        }
        if (isset($headers['content-length']) && preg_match('/^\d+$/', $headers['content-length']) === 1) {
            $body = substr($body, 0, (int) $headers['content-length']);
        } else {
            $body = (string) preg_replace('/\r\n$/', '', $body);
        }
        return new HttpResponse((int) $m[1], $headers, $body);
    }
}
