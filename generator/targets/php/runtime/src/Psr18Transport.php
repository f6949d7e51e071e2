<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

use Psr\Http\Client\ClientExceptionInterface;
use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestFactoryInterface;
use Psr\Http\Message\StreamFactoryInterface;

/**
 * Sends through a PSR-18 client the application already has (Guzzle, Symfony HttpClient...).
 * The PSR interfaces are needed only when this class is used; the package never requires them.
 * A PSR-18 client has no per-request timeout: configure it on the client.
 */
final class Psr18Transport implements Transport
{
    public function __construct(
        private readonly ClientInterface $client,
        private readonly RequestFactoryInterface $requests,
        private readonly StreamFactoryInterface $streams,
    ) {
    }

    public function send(HttpRequest $request): HttpResponse
    {
        $r = $this->requests->createRequest($request->method, $request->url);
        foreach ($request->headers as $name => $value) {
            $r = $r->withHeader($name, $value);
        }
        if ($request->body !== '') {
            $r = $r->withBody($this->streams->createStream($request->body));
        }
        try {
            $res = $this->client->sendRequest($r);
        } catch (ClientExceptionInterface $e) {
            throw new ConnectionException($e->getMessage(), $e);
        }
        $headers = [];
        foreach ($res->getHeaders() as $name => $values) {
            $headers[strtolower((string) $name)] = implode(', ', $values);
        }
        return new HttpResponse($res->getStatusCode(), $headers, (string) $res->getBody());
    }
}
