// Writes a read makes (a show's viewed time) kept off the request's durable path: the time is
// visible to this process's reads at once (overlay) and stored by a background flush that takes
// whatever is pending, at most every FLUSH_EVERY_MS under load, so a burst of shows costs one
// transaction (and no fsync: the adapters flush with durability relaxed). A power loss can lose the last moment's viewed times, never an
// acknowledged create, update or delete.

import { apartFromCalls } from './outage.ts';

/** Background flushes start at most this often (an explicit flush() does not wait). */
const FLUSH_EVERY_MS = 100;

export class DeferredWrites {
  private lastStart = 0;
  private readonly pending = new Map<number, number>();
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    /** Stores the times (record id, viewed ms) in one transaction. */
    private readonly store: (times: [number, number][]) => Promise<void>,
    private readonly onError: (e: unknown) => void = (e) =>
      process.stderr.write(`crmgen: storing viewed times failed: ${(e as Error).message}\n`),
  ) {}

  mark(id: number, at: number): void {
    this.pending.set(id, at);
    this.kick();
  }

  /** Schedules a flush (the store callback may have other pending writes of its own, like quota counts). */
  kick(): void {
    if (this.running) this.again = true;
    // Marked by a show, the flush is not that call's work (nor bounded by its budget).
    else this.running = apartFromCalls(() => this.run());
  }

  /** The row with its pending viewed time, if any (rows are fresh objects the caller owns). */
  overlay<R extends { id: number; viewed: number }>(row: R): R {
    const at = this.pending.get(row.id);
    if (at !== undefined) row.viewed = at;
    return row;
  }

  /** Resolves once every time marked before the call is stored. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.run(true);
    await this.running;
  }

  private async run(now = false): Promise<void> {
    try {
      do {
        // Let the current burst of requests mark their times first; under load, wait for the interval.
        const wait = now ? 0 : this.lastStart + FLUSH_EVERY_MS - Date.now();
        await new Promise((ok) => (wait > 0 ? setTimeout(ok, wait) : setImmediate(ok)));
        now = false;
        this.lastStart = Date.now();
        this.again = false;
        const batch = [...this.pending];
        try {
          await this.store(batch);
          // A newer mark of the same record stays pending.
          for (const [id, at] of batch) if (this.pending.get(id) === at) this.pending.delete(id);
        } catch (e) {
          this.onError(e);
          break;
        }
      } while (this.again);
    } finally {
      this.running = undefined;
    }
  }
}
