<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/**
 * One call of a batch: its typed answer, or the exception of its part, once the batch is sent.
 *
 * @template T
 */
final class BatchEntry
{
    public ?ServiceException $error = null;
    public ?ResponseInfo $response = null;
    public bool $settled = false;
    private mixed $result = null;

    /** @internal */
    public function settle(mixed $value, ?ServiceException $error, ?ResponseInfo $response): void
    {
        $this->result = $value;
        $this->error = $error;
        $this->response = $response;
        $this->settled = true;
    }

    /** @return T the typed answer; throws the part's exception */
    public function value(): mixed
    {
        if (!$this->settled) {
            throw new \LogicException('the batch has not been sent');
        }
        if ($this->error !== null) {
            throw $this->error;
        }
        return $this->result;
    }
}
