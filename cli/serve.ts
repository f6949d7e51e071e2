// crmgen serve: the reference service on an embedded SQLite database (or PostgreSQL). With
// --spec, the service of that spec: generated once into a cache folder (again only when the spec
// or crmgen changes), and every import of generated/ is pointed there before the service loads.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { corsPolicy } from './cors.ts';
import { UsageError } from './db.ts';
import { root } from './default-dirs.ts';
import type { LogFormat } from './request-log.ts';

/** --user EMAIL:TOKEN[:ACCOUNT] */
function parseUser(text: string): { email: string; token: string; account: string } {
  const [email, token, account] = text.split(':');
  if (!email || !token || !email.includes('@'))
    throw new UsageError(`--user expects EMAIL:TOKEN[:ACCOUNT], got '${text}'`);
  return { email: email.toLowerCase(), token, account: account || 'default' };
}

/** --webhook-resolve HOST=ADDRESS[,ADDRESS...] (as curl's --resolve): HOST is answered without a lookup. */
function parseResolve(entries: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of entries) {
    const at = e.indexOf('=');
    const host = e.slice(0, at).trim().toLowerCase().replace(/\.$/, '');
    const addresses = e
      .slice(at + 1)
      .split(',')
      .map((a) => a.trim().replace(/^\[|\]$/g, ''));
    if (at < 1 || !host || addresses.some((a) => isIP(a) === 0))
      throw new UsageError(`--webhook-resolve expects HOST=ADDRESS[,ADDRESS...] with IP addresses, got '${e}'`);
    out.set(host, addresses);
  }
  return out;
}

/** The serve flags as cli/commands.ts parsed them (camelCase; numbers still text). */
export interface ServeValues {
  host?: string;
  port?: string;
  spec?: string;
  db?: string;
  dbConnectTimeoutMs?: string;
  dbAcquireTimeoutMs?: string;
  dbStatementTimeoutMs?: string;
  user?: string[];
  quota?: string;
  quotaWindow?: string;
  loginFailures?: string;
  loginFailuresPerAddress?: string;
  loginWindow?: string;
  allowPrivateWebhooks?: boolean;
  webhookRetryMs?: string;
  webhookLeaseMs?: string;
  webhookDisableAfter?: string;
  outboxOnly?: boolean;
  webhookResolve?: string[];
  maxConnections?: string;
  maxInflightBytes?: string;
  maxInflightBytesPerAddress?: string;
  corsOrigin?: string[];
  logFormat?: string;
  logBodies?: boolean;
  metricsToken?: string;
  drainSeconds?: string;
  shutdownSeconds?: string;
  demo?: boolean;
}

export async function runServe(values: ServeValues): Promise<number> {
  const port = Number(values.port ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port expects a port number, got '${values.port}'`);
  const positive = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} expects a positive integer, got '${text}'`);
    return n;
  };
  const count = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || text.trim() === '')
      throw new UsageError(`--${name} expects 0 or a positive integer, got '${text}'`);
    return n;
  };
  const seconds = (name: string, text: string | undefined, fallback: number): number => {
    const n = Number(text ?? fallback);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} expects a number of seconds, got '${text}'`);
    return n;
  };
  const options = {
    host: values.host ?? '127.0.0.1',
    port,
    db: values.db,
    dbTimeouts: {
      connectTimeoutMs: positive('db-connect-timeout-ms', values.dbConnectTimeoutMs),
      acquireTimeoutMs: positive('db-acquire-timeout-ms', values.dbAcquireTimeoutMs),
      statementTimeoutMs: positive('db-statement-timeout-ms', values.dbStatementTimeoutMs),
    },
    users: (values.user ?? []).map(parseUser),
    quota: positive('quota', values.quota),
    quotaWindow: positive('quota-window', values.quotaWindow),
    loginFailures: positive('login-failures', values.loginFailures),
    loginFailuresPerAddress: positive('login-failures-per-address', values.loginFailuresPerAddress),
    loginWindow: positive('login-window', values.loginWindow),
    allowPrivateWebhooks: values.allowPrivateWebhooks ?? false,
    retryMs: positive('webhook-retry-ms', values.webhookRetryMs),
    // How long a claimed delivery stays with this instance; after that (it died) another instance retries it.
    leaseMs: positive('webhook-lease-ms', values.webhookLeaseMs),
    disableAfter: count('webhook-disable-after', values.webhookDisableAfter),
    outboxOnly: values.outboxOnly ?? false,
    resolve: parseResolve(values.webhookResolve ?? []),
    cors: corsPolicy(values.corsOrigin ?? []),
    maxConnections: positive('max-connections', values.maxConnections),
    maxInFlightBytes: positive('max-inflight-bytes', values.maxInflightBytes),
    maxInFlightBytesPerAddress: positive('max-inflight-bytes-per-address', values.maxInflightBytesPerAddress),
    generated: resolve(root, 'generated'),
    // Pretty for a person at a terminal, JSON lines for whatever collects the output.
    logFormat: (values.logFormat ?? (process.stderr.isTTY ? 'pretty' : 'json')) as LogFormat,
    logBodies: values.logBodies ?? false,
    metricsToken: values.metricsToken,
    drainSeconds: seconds('drain-seconds', values.drainSeconds, 0),
    shutdownSeconds: seconds('shutdown-seconds', values.shutdownSeconds, 10),
    demo: values.demo ?? false,
  };
  const specDir = values.spec === undefined ? undefined : resolve(values.spec);
  if (specDir && specDir !== resolve(root, 'spec'))
    options.generated = await (await import('./spec-cache.ts')).useSpec(specDir);
  return (await import('./start-service.ts')).startService(options);
}
