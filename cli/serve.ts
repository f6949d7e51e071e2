// crmgen serve: the reference service on an embedded SQLite database (or PostgreSQL). With
// --spec, the service of that spec: generated once into a cache folder (again only when the spec
// or crmgen changes), and every import of generated/ is pointed there before the service loads.
import { parseArgs } from 'node:util';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { corsPolicy } from './cors.ts';
import { UsageError } from './db.ts';
import { root } from './root.ts';

/** --user EMAIL:TOKEN[:ACCOUNT] */
function parseUser(text: string): { email: string; token: string; account: string } {
  const [email, token, account] = text.split(':');
  if (!email || !token || !email.includes('@')) throw new UsageError(`--user expects EMAIL:TOKEN[:ACCOUNT], got '${text}'`);
  return { email: email.toLowerCase(), token, account: account || 'default' };
}

/** --webhook-resolve HOST=ADDRESS[,ADDRESS...] (as curl's --resolve): HOST is answered without a lookup. */
function parseResolve(entries: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of entries) {
    const at = e.indexOf('=');
    const host = e.slice(0, at).trim().toLowerCase().replace(/\.$/, '');
    const addresses = e.slice(at + 1).split(',').map((a) => a.trim().replace(/^\[|\]$/g, ''));
    if (at < 1 || !host || addresses.some((a) => isIP(a) === 0)) throw new UsageError(`--webhook-resolve expects HOST=ADDRESS[,ADDRESS...] with IP addresses, got '${e}'`);
    out.set(host, addresses);
  }
  return out;
}

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8080' },
      spec: { type: 'string' },
      db: { type: 'string' },
      user: { type: 'string', multiple: true, default: [] },
      quota: { type: 'string' },
      'quota-window': { type: 'string' },
      'login-failures': { type: 'string' },
      'login-failures-per-address': { type: 'string' },
      'login-window': { type: 'string' },
      'allow-private-webhooks': { type: 'boolean', default: false },
      'webhook-retry-ms': { type: 'string' },
      'webhook-lease-ms': { type: 'string' },
      'webhook-disable-after': { type: 'string' },
      'webhook-resolve': { type: 'string', multiple: true, default: [] },
      'cors-origin': { type: 'string', multiple: true, default: [] },
      'max-connections': { type: 'string' },
      'max-inflight-bytes': { type: 'string' },
      'max-inflight-bytes-per-address': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port expects a port number, got '${values.port}'`);
  const positive = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} expects a positive integer, got '${text}'`);
    return n;
  };
  const count = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || text.trim() === '') throw new UsageError(`--${name} expects 0 or a positive integer, got '${text}'`);
    return n;
  };
  const options = {
    host: values.host!,
    port,
    db: values.db,
    users: (values.user ?? []).map(parseUser),
    quota: positive('quota', values.quota),
    quotaWindow: positive('quota-window', values['quota-window']),
    loginFailures: positive('login-failures', values['login-failures']),
    loginFailuresPerAddress: positive('login-failures-per-address', values['login-failures-per-address']),
    loginWindow: positive('login-window', values['login-window']),
    allowPrivateWebhooks: values['allow-private-webhooks'] ?? false,
    retryMs: positive('webhook-retry-ms', values['webhook-retry-ms']),
    // How long a claimed delivery stays with this instance; after that (it died) another instance retries it.
    leaseMs: positive('webhook-lease-ms', values['webhook-lease-ms']),
    disableAfter: count('webhook-disable-after', values['webhook-disable-after']),
    resolve: parseResolve(values['webhook-resolve'] ?? []),
    cors: corsPolicy(values['cors-origin'] ?? []),
    // Admission caps over the spec's limits: past them 503 with Retry-After.
    maxConnections: positive('max-connections', values['max-connections']),
    maxInFlightBytes: positive('max-inflight-bytes', values['max-inflight-bytes']),
    maxInFlightBytesPerAddress: positive('max-inflight-bytes-per-address', values['max-inflight-bytes-per-address']),
    generated: resolve(root, 'generated'),
  };
  const specDir = values.spec === undefined ? undefined : resolve(values.spec);
  if (specDir && specDir !== resolve(root, 'spec')) options.generated = await (await import('./spec-cache.ts')).useSpec(specDir);
  return (await import('./start-service.ts')).startService(options);
}
