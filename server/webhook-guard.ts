// Where a webhook may be delivered. A hook's host is resolved, every address it resolves to must
// be public, and the delivery then connects to the address that was checked (no second lookup, so
// a DNS answer that changes between check and connect — rebinding — cannot reach a private host).
// The resolver and the delivery function are injectable, so tests decide what names resolve to
// and record deliveries instead of connecting.
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (not an IP literal). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A resolver that answers `pinned` names itself and asks `fallback` for the others (crmgen serve --webhook-resolve). */
export function pinnedResolver(pinned: Map<string, string[]>, fallback: Resolver = systemResolver): Resolver {
  return async (host) => {
    // '*' answers every name not given on its own (tests: nothing reaches DNS).
    const own = pinned.get(host.toLowerCase().replace(/\.$/, '')) ?? pinned.get('*');
    return own
      ? own.map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }))
      : fallback(host);
  };
}

/** Why an IPv4 address is not public, or undefined when it is. */
function v4Problem(a: ipaddr.IPv4): string | undefined {
  // ipaddr.js files the benchmark block under 'reserved'; name it for a clearer message.
  if (a.match(ipaddr.IPv4.parseCIDR('198.18.0.0/15'))) return 'benchmark';
  const range = a.range();
  return range === 'unicast' ? undefined : range;
}

const nat64Local = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/** Why an address is not public (loopback, private, ...), or undefined when it is. */
export function addressProblem(text: string): string | undefined {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(text.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'not an IP address';
  }
  if (a.kind() === 'ipv4') return v4Problem(a as ipaddr.IPv4);
  const v6 = a as ipaddr.IPv6;
  const parts = v6.parts;
  const embedded = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const range = v6.range();
  // Forms that carry an IPv4 address are as public as that address.
  if (range === 'ipv4Mapped' || range === 'rfc6145')
    return v4Problem(embedded(parts[6]!, parts[7]!)) && `${v4Problem(embedded(parts[6]!, parts[7]!))} (IPv4 in IPv6)`;
  if (range === 'rfc6052') {
    if (v6.match(nat64Local)) return 'local NAT64';
    const p = v4Problem(embedded(parts[6]!, parts[7]!));
    return p && `${p} (NAT64)`;
  }
  if (range === '6to4') {
    const p = v4Problem(embedded(parts[1]!, parts[2]!));
    return p && `${p} (6to4)`;
  }
  if (range !== 'unicast') return range;
  // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls it unicast.
  if (parts.slice(0, 6).every((p) => p === 0)) {
    const p = v4Problem(embedded(parts[6]!, parts[7]!));
    return `${p ?? 'deprecated'} (IPv4-compatible)`;
  }
  return undefined;
}

export type TargetCheck = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

/**
 * Resolves the host of `url` and checks every address (unless allowPrivate). On success, the
 * address to connect to. IP literals are not resolved; `localhost` and `*.localhost` are
 * loopback by definition (RFC 6761) and never looked up.
 */
export async function checkTarget(url: string, resolver: Resolver, allowPrivate: boolean): Promise<TargetCheck> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return { ok: false, reason: 'not an absolute address' };
  }
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(bare)) addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  else if (/(^|\.)localhost\.?$/.test(host)) {
    if (!allowPrivate) return { ok: false, reason: `${host} is loopback` };
    addresses = [{ address: '127.0.0.1', family: 4 }];
  } else {
    try {
      addresses = await resolver(host);
    } catch (e) {
      return {
        ok: false,
        reason: `${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      };
    }
    if (!addresses.length) return { ok: false, reason: `${host} does not resolve` };
  }
  if (!allowPrivate) {
    for (const a of addresses) {
      const problem = addressProblem(a.address);
      if (problem) return { ok: false, reason: `${host} resolves to ${a.address}, which is ${problem}` };
    }
  }
  return { ok: true, address: addresses[0]!.address, family: addresses[0]!.family };
}

export interface Delivery {
  url: string;
  /** The checked address: the connection goes there, whatever the name resolves to now. */
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Sends one delivery and returns the receiver's HTTP status. */
export type Deliver = (d: Delivery) => Promise<number>;

/** POST over node:http(s), connecting to d.address; TLS still checks the certificate against the host name. Redirects are not followed. */
export const httpDeliver: Deliver = (d) =>
  new Promise((resolve, reject) => {
    const u = new URL(d.url);
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = Buffer.from(d.body, 'utf8');
    const req = send(
      u,
      {
        method: 'POST',
        headers: { ...d.headers, 'content-length': String(body.length) },
        timeout: d.timeoutMs,
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all)
            (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: d.address, family: d.family },
            ]);
          else cb(null, d.address, d.family);
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${d.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
