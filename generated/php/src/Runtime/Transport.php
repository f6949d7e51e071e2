<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** Sends one request; throws ConnectionException when no answer came. */
interface Transport
{
    public function send(HttpRequest $request): HttpResponse;
}
