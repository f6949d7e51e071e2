<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * Queues calls made through the client given to each closure and sends them together, split into
 * requests of at most the spec's number of parts.
 *
 * @template C of object
 */
final class BatchBuilder
{
    /** @var list<array{0: Queued, 1: BatchEntry<mixed>}> */
    private array $queue = [];

    /** @param \Closure(Connection): C $clientOf */
    public function __construct(private readonly Connection $connection, private readonly \Closure $clientOf)
    {
    }

    /**
     * Queues the one call `call` makes; throws a local ValidationException at once.
     *
     * @template T
     * @param \Closure(C): T $call
     * @return BatchEntry<T>
     */
    public function add(\Closure $call): BatchEntry
    {
        $entry = new BatchEntry();
        try {
            $call(($this->clientOf)($this->connection->recorder()));
        } catch (Queued $q) {
            $this->queue[] = [$q, $entry];
            return $entry;
        }
        throw new \LogicException('the closure made no call of the client');
    }

    public function count(): int
    {
        return count($this->queue);
    }

    /** Sends every queued call; each entry then holds its answer or its exception. */
    public function send(?CallOptions $options = null): void
    {
        $queue = $this->queue;
        $this->queue = [];
        $this->connection->sendBatch($queue, $options);
    }
}
