<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** Thrown by a batch's recording connection once a call is queued: the batch catches it. @internal */
final class Queued extends \LogicException
{
    public function __construct(public readonly Call $call, public readonly \Closure $convert)
    {
        parent::__construct('queued');
    }
}
