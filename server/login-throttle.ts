// Failed-login throttling of the reference service: counts of wrong credentials per client
// address and per address + e-mail, in memory of this process (several instances on one
// PostgreSQL each count their own, so the effective limit is multiplied by their number).
import type { LoginThrottle } from '../generated/server/dist/index.js';

export interface LoginThrottleOptions {
  windowSeconds: number;
  /** Failures per address within the window. */
  perAddress: number;
  /** Failures per address and e-mail within the window. */
  perAddressAndEmail: number;
  clock?: () => number;
  /** Entries kept per counter; past it the oldest windows go first (bounds memory under a flood). */
  maxEntries?: number;
}

interface Window {
  start: number;
  count: number;
}

/**
 * A fixed window per key that starts at its first attempt. Maps keep insertion order and a window
 * is (re)inserted when it starts, so the oldest windows are always first: eviction stops at the
 * first live one.
 */
class Counter {
  private readonly windows = new Map<string, Window>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The live window of key, or undefined. */
  private live(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    return w && now < w.start + this.windowMs ? w : undefined;
  }

  /** Milliseconds until key may try again, 0 when it may now. */
  wait(key: string, now: number): number {
    const w = this.live(key, now);
    return w && w.count >= this.limit ? w.start + this.windowMs - now : 0;
  }

  /** Counts one failed attempt. */
  add(key: string, now: number): Window {
    let w = this.live(key, now);
    if (!w) {
      this.windows.delete(key);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      this.evict(now);
    }
    w.count++;
    return w;
  }

  /** Restarts key's count (its e-mail logged in from there). */
  clear(key: string, now: number) {
    if (this.live(key, now)) this.windows.delete(key);
  }

  private evict(now: number) {
    for (const [key, w] of this.windows) {
      if (now < w.start + this.windowMs && this.windows.size <= this.maxEntries) break;
      this.windows.delete(key);
    }
  }

  get size() {
    return this.windows.size;
  }
}

/**
 * The key of a client address: IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 (one host usually
 * holds a whole /64, so full addresses would give an attacker 2^64 fresh counters).
 */
export function addressKey(address: string): string {
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16).toString(16) : g))
    .join(':')}::/64`;
}

/** Longest e-mail kept in a key: no address is longer, and keys must stay small. */
const maxEmail = 254;

export function createLoginThrottle(o: LoginThrottleOptions): LoginThrottle & { size(): number } {
  const clock = o.clock ?? Date.now;
  const windowMs = o.windowSeconds * 1000;
  const maxEntries = o.maxEntries ?? 100_000;
  const byAddress = new Counter(o.perAddress, windowMs, maxEntries);
  const byPair = new Counter(o.perAddressAndEmail, windowMs, maxEntries);
  return {
    attempt(address, email) {
      const now = clock();
      const a = addressKey(address);
      // As the authenticate hook reads it, so Alice@ and alice@ share a count.
      const pair = `${a} ${email.trim().toLowerCase().slice(0, maxEmail)}`;
      const wait = Math.max(byAddress.wait(a, now), byPair.wait(pair, now));
      if (wait > 0) return { retryAfter: Math.ceil(wait / 1000), settle() {} };
      return {
        retryAfter: 0,
        settle(outcome) {
          const at = clock();
          if (outcome === 'failed') {
            byAddress.add(a, at);
            byPair.add(pair, at);
          }
          // A success restarts only its own address+e-mail count: clearing the address's would let
          // an attacker interleave logins of its own account with its guesses.
          else if (outcome === 'matched') byPair.clear(pair, at);
        },
      };
    },
    size: () => byAddress.size + byPair.size,
  };
}
