<?php

declare(strict_types=1);

namespace Crmgen\Client\Runtime;

/** Lazy pagination: one page is fetched when the previous one is used up. */
final class Pages
{
    /**
     * @template T
     * @param \Closure(int): array{0: list<T>, 1: int} $page the entries from a start, and the total
     * @return \Generator<int, T>
     */
    public static function iterate(\Closure $page, int $start = 0): \Generator
    {
        for (;;) {
            [$items, $total] = $page($start);
            yield from $items;
            $start += count($items);
            if ($items === [] || $start >= $total) {
                return;
            }
        }
    }
}
