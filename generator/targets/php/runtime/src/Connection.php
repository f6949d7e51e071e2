<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * Sends the calls of the generated client: encodes bodies (XML by default, or JSON), checks dates
 * before sending, adds Basic auth, retries by the retry table, reads the quota header and turns an
 * error envelope into the exception class of its status. A connection made by batch() records
 * calls instead of sending them.
 */
final class Connection
{
    public ?Quota $quota = null;
    public ?ResponseInfo $lastResponse = null;
    private readonly string $auth;
    private readonly string $base;
    private readonly Transport $transport;
    /** @var \Closure(float): void */
    private readonly \Closure $sleep;
    private bool $recording = false;

    /** @param (\Closure(float): void)|null $sleep how a retry waits (seconds) */
    public function __construct(
        public readonly ApiConfig $api,
        string $baseUrl,
        string $email,
        string $token,
        public readonly Format $format = Format::Xml,
        ?Transport $transport = null,
        public readonly float $timeoutSeconds = 30.0,
        public readonly Retry $retry = new Retry(),
        ?\Closure $sleep = null,
    ) {
        $this->auth = 'Basic ' . base64_encode("{$email}:{$token}");
        $this->base = rtrim($baseUrl, '/');
        $this->transport = $transport ?? new CurlTransport();
        $this->sleep = $sleep ?? static function (float $s): void {
            usleep((int) round($s * 1_000_000));
        };
    }

    /** A copy that queues calls (for a batch) instead of sending them. */
    public function recorder(): self
    {
        $c = clone $this;
        $c->recording = true;
        return $c;
    }

    /**
     * Sends a call and converts its answer; a recorder throws Queued instead.
     *
     * @template T
     * @param \Closure(array<string, mixed>): T $convert
     * @return T
     */
    public function send(Call $call, \Closure $convert, ?CallOptions $options = null): mixed
    {
        if ($this->recording) {
            if ($call->files !== []) {
                throw new \InvalidArgumentException('file uploads cannot be sent in a batch');
            }
            $this->check($call);
            throw new Queued($call, $convert);
        }
        $request = $this->request($call, $options);
        $rateLimited = false;
        for ($attempt = 0; ; $attempt++) {
            try {
                $res = $this->transport->send($request);
            } catch (ConnectionException $e) {
                $wait = $this->retry->delay($call->method, 0, null, $attempt);
                if ($wait === null) {
                    throw $e;
                }
                ($this->sleep)($wait < 0 ? -$wait * mt_rand() / mt_getrandmax() : $wait);
                continue;
            }
            $quota = Quota::parse($res->header($this->api->quotaHeader));
            if ($quota !== null) {
                $this->quota = $quota;
            }
            $wait = $res->status === 429 || $res->status >= 500
                ? $this->retry->delay($call->method, $res->status, $res->header('retry-after'), $attempt, $rateLimited)
                : null;
            if ($wait !== null) {
                $rateLimited = $rateLimited || $res->status === 429;
                ($this->sleep)($wait < 0 ? -$wait * mt_rand() / mt_getrandmax() : $wait);
                continue;
            }
            $info = new ResponseInfo($res->status, $res->headers, $res->header('location'), $quota);
            $this->lastResponse = $info;
            return $convert($this->read($res, $call->responseDesc, $quota));
        }
    }

    /** Throws the validation exception of values refused before sending. */
    public function check(Call $call): void
    {
        $errors = [];
        if ($call->queryDesc !== null) {
            $this->checkDates($call->queryDesc, $call->query, '', $errors);
        }
        if ($call->bodyDesc !== null && $call->body !== null) {
            $this->checkDates($call->bodyDesc, $call->body, '', $errors);
        }
        if ($errors !== []) {
            throw new ValidationException(400, $errors, $this->quota, true);
        }
    }

    /**
     * @param array<string, mixed> $desc
     * @param array<string, string> $errors
     */
    private function checkDates(array $desc, mixed $value, string $path, array &$errors): void
    {
        if ($value === null) {
            return;
        }
        if ($desc['k'] === 's') {
            $pattern = $this->api->datePatterns[$desc['s']] ?? null;
            if ($pattern !== null && is_string($value) && preg_match('/' . $pattern . '/', $value) !== 1) {
                $errors['invaliddate'] = "{$path}: '{$value}' is not a date the API accepts";
            }
            return;
        }
        if ($desc['k'] === 'o' && is_array($value)) {
            foreach ($desc['f'] as $name => $fd) {
                $this->checkDates($fd, $value[$name] ?? null, $path === '' ? $name : "{$path}.{$name}", $errors);
            }
        }
    }

    /** The HTTP request of a call (checked first). */
    public function request(Call $call, ?CallOptions $options = null): HttpRequest
    {
        $this->check($call);
        $path = $call->path;
        if ($call->queryDesc !== null) {
            $q = Codec::query(Codec::toForm($call->queryDesc, $call->query));
            if ($q !== '') {
                $path .= (str_contains($path, '?') ? '&' : '?') . $q;
            }
        }
        $type = $this->api->contentTypes[$this->format->value];
        $headers = ['accept' => $type, 'authorization' => $this->auth];
        foreach ($options?->headers ?? [] as $name => $value) {
            $headers[strtolower($name)] = $value;
        }
        $body = '';
        if ($call->bodyDesc !== null && $call->files !== []) {
            $boundary = 'form_' . bin2hex(random_bytes(12));
            $headers['content-type'] = "multipart/form-data; boundary={$boundary}";
            $body = self::multipart($call->bodyDesc, $call->body ?? [], $call->files, $boundary);
        } elseif ($call->bodyDesc !== null) {
            $headers['content-type'] = $type;
            $body = $this->encode($call->bodyDesc, $call->body ?? []);
        }
        return new HttpRequest($call->method, $this->base . $path, $headers, $body, $options?->timeoutSeconds ?? $this->timeoutSeconds);
    }

    /**
     * A body with files as multipart/form-data: the value's fields in bracket notation (a file's
     * description left out), then each file as the part data[field].
     *
     * @param array<string, mixed> $desc
     * @param array<string, mixed> $value
     * @param array<string, Upload> $files
     */
    private static function multipart(array $desc, array $value, array $files, string $boundary): string
    {
        $out = '';
        foreach (Codec::toForm($desc, $value) as [$name, $text]) {
            foreach (array_keys($files) as $field) {
                if ($name === "data[{$field}]" || str_starts_with($name, "data[{$field}][")) {
                    continue 2;
                }
            }
            $out .= "--{$boundary}\r\nContent-Disposition: form-data; name=\"{$name}\"\r\n\r\n{$text}\r\n";
        }
        foreach ($files as $field => $file) {
            $described = is_array($value['data'][$field] ?? null) ? $value['data'][$field] : [];
            $filename = str_replace(['"', "\r", "\n"], '', (string) ($described['filename'] ?? $file->filename ?? 'upload'));
            $type = (string) ($described['contenttype'] ?? $file->contentType ?? 'application/octet-stream');
            $out .= "--{$boundary}\r\nContent-Disposition: form-data; name=\"data[{$field}]\"; filename=\"{$filename}\"\r\nContent-Type: {$type}\r\n\r\n{$file->contents}\r\n";
        }
        return $out . "--{$boundary}--\r\n";
    }

    /** @param array<string, mixed> $desc @param array<string, mixed> $value */
    private function encode(array $desc, array $value): string
    {
        if ($this->format === Format::Json) {
            return json_encode(Codec::toJson($desc, $value), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        }
        return Codec::toXml($desc, $value, $this->api->requestRoot);
    }

    /**
     * Decodes an answer: the wire-shaped value of a success, or throws the exception of its status.
     *
     * @param array<string, mixed>|null $desc
     * @return array<string, mixed>
     */
    public function read(HttpResponse $res, ?array $desc, ?Quota $quota): array
    {
        $json = str_contains($res->header('content-type') ?? '', 'json');
        if ($res->status >= 200 && $res->status < 300) {
            if ($desc === null || $res->body === '') {
                return [];
            }
            $v = $this->decode($desc, $res->body, $json);
            if (!is_array($v)) {
                throw new ServerException($res->status, ['malformedrequest' => 'the answer is not an object'], $quota);
            }
            return $v;
        }
        $errors = [];
        try {
            $env = $this->decode($this->api->errorDesc, $res->body, $json);
            foreach (is_array($env) && is_array($env['errors'] ?? null) ? $env['errors'] : [] as $k => $m) {
                $errors[(string) $k] = is_string($m) ? $m : json_encode($m, JSON_THROW_ON_ERROR);
            }
        } catch (\Throwable) {
            // Not an envelope (a proxy's error page): the status says it all.
        }
        if ($errors === []) {
            $errors = ["http{$res->status}" => substr($res->body, 0, 200)];
        }
        throw self::failure($res->status, $errors, $quota, Retry::retryAfter($res->header('retry-after')));
    }

    /** @param array<string, mixed> $desc */
    private function decode(array $desc, string $body, bool $json): mixed
    {
        if ($json) {
            $v = json_decode($body, true, $this->api->xmlLimits['maxDepth'] * 2, JSON_THROW_ON_ERROR);
            if (is_array($v) && count($v) === 1 && isset($v[$this->api->responseRoot]) && is_array($v[$this->api->responseRoot])) {
                $v = $v[$this->api->responseRoot];
            }
            return Codec::fromJson($desc, $v);
        }
        $l = $this->api->xmlLimits;
        return Codec::fromXml($desc, Xml::parse($body, $l['maxBytes'], $l['maxDepth'], $l['maxElements']));
    }

    /** @param array<string, string> $errors */
    public static function failure(int $status, array $errors, ?Quota $quota, ?int $retryAfter): ServiceException
    {
        return match (true) {
            $status === 401, $status === 403 => new AuthenticationException($status, $errors, $quota),
            $status === 404 => new NotFoundException($status, $errors, $quota),
            $status === 429 => new RateLimitException($status, $errors, $quota, $retryAfter),
            $status === 400, $status === 413, $status === 415 => new ValidationException($status, $errors, $quota),
            $status >= 500 => new ServerException($status, $errors, $quota),
            default => new ServiceException($status, $errors, $quota),
        };
    }

    /**
     * Sends queued calls as batches of at most the spec's number of parts, settling each entry.
     *
     * @param list<array{0: Queued, 1: BatchEntry<mixed>}> $queue
     */
    public function sendBatch(array $queue, ?CallOptions $options = null): void
    {
        foreach (array_chunk($queue, $this->api->batch['maxParts']) as $chunk) {
            $parts = [];
            foreach ($chunk as [$q]) {
                $r = $this->request($q->call);
                $headers = $r->headers;
                unset($headers['authorization']);
                $parts[] = ['method' => $r->method, 'path' => substr($r->url, strlen($this->base)), 'headers' => $headers, 'body' => $r->body];
            }
            $boundary = 'batch_' . bin2hex(random_bytes(12));
            $call = new Call($this->api->batch['method'], $this->api->batch['path']);
            $headers = [
                'authorization' => $this->auth,
                'accept' => $this->api->contentTypes[$this->format->value],
                'content-type' => "{$this->api->batch['contentType']}; boundary={$boundary}",
            ];
            foreach ($options?->headers ?? [] as $name => $value) {
                $headers[strtolower($name)] = $value;
            }
            $request = new HttpRequest($call->method, $this->base . $call->path, $headers, Batch::encode($parts, $boundary, $this->api->batch['partContentType']), $options?->timeoutSeconds ?? $this->timeoutSeconds);
            try {
                $res = $this->transport->send($request);
                $quota = Quota::parse($res->header($this->api->quotaHeader));
                if ($quota !== null) {
                    $this->quota = $quota;
                }
                $this->lastResponse = new ResponseInfo($res->status, $res->headers, $res->header('location'), $quota);
                if ($res->status !== 200) {
                    $this->read($res, null, $quota);
                }
                $answers = Batch::decode($res->body, $res->header('content-type'));
            } catch (ServiceException $e) {
                foreach ($chunk as [, $entry]) {
                    $entry->settle(null, $e, null);
                }
                continue;
            }
            foreach ($chunk as $n => [$q, $entry]) {
                $a = $answers[$n] ?? null;
                if ($a === null) {
                    $entry->settle(null, new ServerException(502, ['invalidbatch' => 'the batch answer has no part ' . ($n + 1)], $this->quota), null);
                    continue;
                }
                $quota = Quota::parse($a->header($this->api->quotaHeader)) ?? $this->quota;
                $info = new ResponseInfo($a->status, $a->headers, $a->header('location'), $quota);
                try {
                    $entry->settle(($q->convert)($this->read($a, $q->call->responseDesc, $quota)), null, $info);
                } catch (ServiceException $e) {
                    $entry->settle(null, $e, $info);
                }
            }
        }
    }
}
