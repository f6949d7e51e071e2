<?php

declare(strict_types=1);

use Crmgen\Client\Client;
use Crmgen\Client\Runtime\Connection;
use Crmgen\Client\Runtime\Format;
use Crmgen\Client\Runtime\HttpRequest;
use Crmgen\Client\Runtime\HttpResponse;
use Crmgen\Client\Runtime\Retry;
use Crmgen\Client\Runtime\ServiceException;
use Crmgen\Client\Runtime\Transport;
use Crmgen\Client\Runtime\Xml;

/** A transport that records each request and answers with the case's bytes (how conformance cases run). */
final class CannedTransport implements Transport
{
    /** @var list<HttpRequest> */
    public array $sent = [];

    /** @param \Closure(HttpRequest): HttpResponse $answer */
    public function __construct(private readonly \Closure $answer)
    {
    }

    public function send(HttpRequest $request): HttpResponse
    {
        $this->sent[] = $request;
        return ($this->answer)($request);
    }
}

/**
 * The PHP target's harness of the conformance suite (spec/conformance/): runs a case's call on the
 * client over a CannedTransport. It knows how the client names a call (the resource path and method
 * the generated test gives it) and nothing of any case.
 */
final class ConformanceHarness
{
    /** @param array{baseUrl: string, email: string, token: string} $client */
    public static function client(array $client, string $format, CannedTransport $transport, int $retries = 0): Client
    {
        $api = Crmgen\Client\Api::config();
        return new Client(new Connection($api, $client['baseUrl'], $client['email'], $client['token'], Format::from($format), $transport, 30.0, new Retry(max: $retries), static function (float $s): void {
        }));
    }

    /**
     * Calls the client method at `target` with the case's call.
     *
     * @param array<string, mixed> $call
     * @param array{path: list<string>, method: string} $target
     */
    public static function invoke(object $crm, array $call, array $target, ?string $method = null): mixed
    {
        $o = $crm;
        foreach ($target['path'] as $p) {
            $o = $o->{$p};
        }
        $m = new ReflectionMethod($o, $method ?? $target['method']);
        $args = [];
        foreach ($m->getParameters() as $p) {
            $type = $p->getType();
            $name = $type instanceof ReflectionNamedType ? $type->getName() : 'mixed';
            $args[] = match ($p->getName()) {
                'id' => $name === 'int' ? (int) $call['id'] : new $name((int) $call['id']),
                'deliveryId' => (int) $call['deliveryId'],
                'request' => $name::fromWire($call['body'] ?? []),
                'params' => isset($call['params']) ? $name::fromWire($call['params']) : null,
                default => $p->isDefaultValueAvailable() ? $p->getDefaultValue() : null,
            };
        }
        return $m->invokeArgs($o, $args);
    }

    /** @return array{status: int, headers: array<string, string>, body: string} */
    private static function success(): array
    {
        return ['status' => 200, 'headers' => ['content-type' => 'application/xml'], 'body' => '<response><status>success</status></response>'];
    }

    /** @param array{status: int, headers: array<string, string>, body: string} $a */
    private static function response(array $a): HttpResponse
    {
        $h = [];
        foreach ($a['headers'] as $k => $v) {
            $h[strtolower((string) $k)] = (string) $v;
        }
        return new HttpResponse((int) $a['status'], $h, (string) $a['body']);
    }

    /**
     * The request the client sends for a request case.
     *
     * @param array<string, mixed> $case
     * @param array{path: list<string>, method: string} $target
     * @param array{baseUrl: string, email: string, token: string} $client
     */
    public static function sentRequest(array $client, array $case, array $target): HttpRequest
    {
        $t = new CannedTransport(static fn (): HttpResponse => self::response(self::success()));
        try {
            self::invoke(self::client($client, $case['format'], $t), $case['call'], $target);
        } catch (ServiceException) {
            // The answer does not matter here.
        }
        if (count($t->sent) !== 1) {
            throw new RuntimeException('expected one request, the client sent ' . count($t->sent));
        }
        return $t->sent[0];
    }

    /**
     * The value (as the codec's wire array) and facts, or the error, the client makes of a response case.
     *
     * @param array<string, mixed> $case
     * @param array{path: list<string>, method: string} $target
     * @param array{baseUrl: string, email: string, token: string} $client
     * @return array<string, mixed>
     */
    public static function outcome(array $client, array $case, array $target): array
    {
        $t = new CannedTransport(static fn (): HttpResponse => self::response($case['response']));
        $crm = self::client($client, $case['format'], $t);
        try {
            $value = self::invoke($crm, $case['call'], $target);
            $info = $crm->lastResponse();
            $out = ['value' => self::plain($value->toWire())];
            if ($info?->quota !== null) {
                $out['quota'] = ['used' => $info->quota->used, 'allowed' => $info->quota->allowed];
            }
            if ($info?->location !== null) {
                $out['location'] = $info->location;
            }
            return $out;
        } catch (ServiceException $e) {
            return self::error($e);
        }
    }

    /** @return array<string, mixed> */
    public static function error(ServiceException $e): array
    {
        $type = match (true) {
            $e instanceof Crmgen\Client\Runtime\AuthenticationException => 'authentication',
            $e instanceof Crmgen\Client\Runtime\NotFoundException => 'notfound',
            $e instanceof Crmgen\Client\Runtime\ValidationException => 'validation',
            $e instanceof Crmgen\Client\Runtime\RateLimitException => 'ratelimit',
            $e instanceof Crmgen\Client\Runtime\ServerException => 'server',
            $e instanceof Crmgen\Client\Runtime\ConnectionException => 'connection',
            default => 'service',
        };
        $error = ['type' => $type, 'status' => $e->status, 'keys' => $e->keys()];
        if ($e instanceof Crmgen\Client\Runtime\RateLimitException && $e->retryAfter !== null) {
            $error['retryAfter'] = $e->retryAfter;
        }
        $out = ['error' => $error];
        if ($e->quota !== null) {
            $out['quota'] = ['used' => $e->quota->used, 'allowed' => $e->quota->allowed];
        }
        return $out;
    }

    /** Nested wire arrays with value objects made plain (an enum's value). */
    public static function plain(mixed $v): mixed
    {
        if ($v instanceof BackedEnum) {
            return $v->value;
        }
        if (is_array($v)) {
            return array_map([self::class, 'plain'], $v);
        }
        return $v;
    }

    /**
     * The retry decision for a retry case.
     *
     * @param array<string, mixed> $case
     * @param array{maxRetries: int, maxRetryAfterSeconds: int, baseDelayMs: int, maxDelayMs: int} $retry
     * @return array<string, mixed>
     */
    public static function retry(array $case, array $retry): array
    {
        $r = new Retry($retry['maxRetries'], $retry['maxRetryAfterSeconds'], $retry['baseDelayMs'] / 1000, $retry['maxDelayMs'] / 1000);
        $attempt = (int) ($case['attempt'] ?? 0);
        $now = (int) strtotime((string) $case['now']);
        $d = $r->delay($case['method'], (int) $case['status'], $case['retryAfter'] ?? null, $attempt, $case['status'] === 429 && $attempt > 0, $now);
        if ($d === null) {
            return ['retry' => false];
        }
        return $d < 0 ? ['retry' => true, 'backoff' => true] : ['retry' => true, 'delaySeconds' => $d == (int) $d ? (int) $d : $d];
    }

    /**
     * The batch requests sent (BOUNDARY for the boundary) and each call's outcome.
     *
     * @param array<string, mixed> $case
     * @param list<array{path: list<string>, method: string}> $targets
     * @param array{baseUrl: string, email: string, token: string} $client
     * @return array{requests: list<array{headers: array<string, string>, crlfLines: list<string>, parts: int}>, outcomes: list<array<string, mixed>>}
     */
    public static function batch(array $client, array $case, array $targets): array
    {
        $answer = null;
        if (isset($case['response'])) {
            $headers = [];
            foreach ($case['response']['headers'] as $k => $v) {
                $headers[$k] = str_replace('BOUNDARY', 'batch_answer', $v);
            }
            $answer = ['status' => 200, 'headers' => $headers, 'body' => str_replace('BOUNDARY', 'batch_answer', implode("\r\n", $case['response']['crlfLines']))];
        }
        $t = new CannedTransport(static fn (): HttpResponse => self::response($answer ?? ['status' => 503, 'headers' => [], 'body' => '']));
        $crm = self::client($client, $case['format'], $t);
        $batch = $crm->batch();
        $calls = $case['calls'] ?? array_fill(0, (int) $case['repeat']['times'], $case['repeat']['call']);
        $entries = [];
        foreach ($calls as $i => $call) {
            $target = $targets[$i] ?? $targets[0];
            try {
                $entries[] = $batch->add(static fn (Client $c) => self::invoke($c, $call, $target));
            } catch (ServiceException $e) {
                $entries[] = $e;
            }
        }
        $batch->send();
        $outcomes = [];
        foreach ($entries as $e) {
            if ($e instanceof ServiceException) {
                $outcomes[] = ['error' => self::error($e)['error']];
                continue;
            }
            try {
                $outcomes[] = ['value' => self::plain($e->value()->toWire())];
            } catch (ServiceException $x) {
                $outcomes[] = ['error' => self::error($x)['error']];
            }
        }
        $requests = [];
        foreach ($t->sent as $r) {
            $ct = $r->headers['content-type'] ?? '';
            $boundary = preg_match('/boundary=([^;]+)/', $ct, $m) === 1 ? $m[1] : 'none';
            $text = str_replace($boundary, 'BOUNDARY', $r->body);
            $requests[] = [
                'headers' => ['Authorization' => $r->headers['authorization'] ?? '', 'Accept' => $r->headers['accept'] ?? '', 'Content-Type' => str_replace($boundary, 'BOUNDARY', $ct)],
                'crlfLines' => explode("\r\n", $text),
                'parts' => count(explode("\r\n--BOUNDARY", $text)) - 1,
            ];
        }
        return ['requests' => $requests, 'outcomes' => $outcomes];
    }

    /**
     * The ids the iterator yields and the queries of the pages it asked for.
     *
     * @param array<string, mixed> $case
     * @param array{path: list<string>, method: string} $target
     * @param array{baseUrl: string, email: string, token: string} $client
     * @return array{ids: list<int>, queries: list<array<string, string>>}
     */
    public static function pagination(array $client, array $case, array $target): array
    {
        $t = new CannedTransport(static function (HttpRequest $r) use ($case): HttpResponse {
            $q = self::query((string) parse_url($r->url, PHP_URL_QUERY));
            foreach ($case['pages'] as $page) {
                $want = array_map('strval', $page['query']);
                ksort($want);
                $got = $q;
                ksort($got);
                if ($want === $got) {
                    return self::response(['status' => 200, 'headers' => ['content-type' => 'application/xml'], 'body' => $page['body']]);
                }
            }
            return self::response(['status' => 404, 'headers' => [], 'body' => '']);
        });
        $ids = [];
        foreach (self::invoke(self::client($client, $case['format'], $t), $case['call'], $target, 'iterate') as $entry) {
            $ids[] = is_object($entry->id) ? $entry->id->value : $entry->id;
        }
        return ['ids' => $ids, 'queries' => array_map(static fn (HttpRequest $r): array => self::query((string) parse_url($r->url, PHP_URL_QUERY)), $t->sent)];
    }

    /** A query string (or form body) as name => value, like URLSearchParams. @return array<string, string> */
    public static function query(string $q): array
    {
        $out = [];
        foreach ($q === '' ? [] : explode('&', $q) as $pair) {
            [$k, $v] = array_pad(explode('=', $pair, 2), 2, '');
            $out[urldecode($k)] = urldecode($v);
        }
        return $out;
    }

    /** An XML body as a comparable tree: names, attributes, text. */
    public static function canonicalXml(string $text): mixed
    {
        $walk = static function (\SimpleXMLElement $e) use (&$walk): array {
            $attrs = [];
            foreach ($e->attributes() ?? [] as $name => $value) {
                $attrs[$name] = (string) $value;
            }
            $children = [];
            foreach ($e->children() as $child) {
                $children[] = $walk($child);
            }
            return ['name' => $e->getName(), 'attrs' => $attrs] + ($children !== [] ? ['children' => $children] : ['text' => (string) $e]);
        };
        return $walk(Xml::parse($text, 10_000_000, 64, 100_000));
    }
}
