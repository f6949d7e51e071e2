// crmgen serve: the reference service on an embedded SQLite database.
import { parseArgs } from 'node:util';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { openStorage, type Storage } from '../server/storage/open.ts';
import { redact } from '../server/storage/postgres.ts';
import { createReferenceService } from '../server/service.ts';
import { startWebhooks } from '../server/webhooks.ts';
import { createHttpServer } from '../runtime/node-http.ts';
import { encode } from '../generated/codecs/index.ts';
import { errorKeys } from '../generated/types/errors.ts';
import { spec } from '../server/facts.ts';
import { serveStatic } from './static.ts';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const defaultDb = () => resolve(process.cwd(), 'data', 'crm.sqlite');

export function dbOption(value: string | undefined): string {
  return value ?? process.env.DATABASE_URL ?? defaultDb();
}

export async function openDb(db: string): Promise<Storage> {
  if (db !== ':memory:' && !/^postgres(ql)?:\/\//.test(db)) mkdirSync(dirname(resolve(db)), { recursive: true });
  return openStorage(db);
}

/** --user EMAIL:TOKEN[:ACCOUNT] */
function parseUser(text: string): { email: string; token: string; account: string } {
  const [email, token, account] = text.split(':');
  if (!email || !token || !email.includes('@')) throw new UsageError(`--user expects EMAIL:TOKEN[:ACCOUNT], got '${text}'`);
  return { email: email.toLowerCase(), token, account: account || 'default' };
}

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8080' },
      db: { type: 'string' },
      user: { type: 'string', multiple: true, default: [] },
      quota: { type: 'string' },
      'quota-window': { type: 'string' },
      'allow-private-webhooks': { type: 'boolean', default: false },
      'webhook-retry-ms': { type: 'string' },
      'webhook-lease-ms': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port expects a port number, got '${values.port}'`);
  const allowed = values.quota === undefined ? spec.quota.defaultAllowed : Number(values.quota);
  const windowSeconds = values['quota-window'] === undefined ? spec.quota.defaultWindowSeconds : Number(values['quota-window']);
  if (!Number.isInteger(allowed) || allowed < 1) throw new UsageError(`--quota expects a positive integer, got '${values.quota}'`);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new UsageError(`--quota-window expects a positive integer, got '${values['quota-window']}'`);
  const retryMs = values['webhook-retry-ms'] === undefined ? undefined : Number(values['webhook-retry-ms']);
  if (retryMs !== undefined && (!Number.isInteger(retryMs) || retryMs < 1)) throw new UsageError(`--webhook-retry-ms expects a positive integer, got '${values['webhook-retry-ms']}'`);
  // How long a claimed delivery stays with this instance; after that (it died) another instance retries it.
  const leaseMs = values['webhook-lease-ms'] === undefined ? undefined : Number(values['webhook-lease-ms']);
  if (leaseMs !== undefined && (!Number.isInteger(leaseMs) || leaseMs < 1)) throw new UsageError(`--webhook-lease-ms expects a positive integer, got '${values['webhook-lease-ms']}'`);
  const users = (values.user ?? []).map(parseUser);
  const db = dbOption(values.db);
  const storage = await openDb(db);

  // Users named on the command line exist; with none at all, one demo user.
  let demo: { email: string; token: string } | undefined;
  await storage.transaction(async (tx) => {
    for (const u of users) {
      const existing = await tx.findUserByEmail(u.email);
      const account = await tx.ensureAccount(u.account);
      if (existing) {
        if (existing.token !== u.token || existing.accountId !== account.id) throw new UsageError(`--user ${u.email}: that user exists with another token or account; use crmgen users to change it`);
        continue;
      }
      await tx.addUser({ accountId: account.id, email: u.email, name: u.email.split('@')[0], token: u.token, preventlogin: 0, preventprivatedata: 0, administrator: 1 });
    }
    if ((await tx.countUsers()) === 0) {
      const account = await tx.ensureAccount('default');
      demo = { email: 'demo@example.com', token: randomBytes(12).toString('hex') };
      await tx.addUser({ accountId: account.id, email: demo.email, name: 'Demo', token: demo.token, preventlogin: 0, preventprivatedata: 0, administrator: 1 });
    }
  });

  const log = (line: string) => process.stderr.write(`${line}\n`);
  const webhooks = startWebhooks({ storage, allowPrivate: values['allow-private-webhooks'] ?? false, retryBaseMs: retryMs, leaseMs, log });
  const service = createReferenceService({ storage, quota: { allowed, windowSeconds }, onCommit: webhooks.enqueue, log, allowPrivateWebhooks: values['allow-private-webhooks'] ?? false });
  // Answered by the HTTP shell before the body is read, in the format the client asked for.
  const tooLarge = (req: IncomingMessage) => {
    const json = (req.headers.accept ?? '').includes(spec.formats.output.json);
    const format = json ? 'json' : 'xml';
    return {
      status: errorKeys.requesttoolarge.status,
      headers: { 'content-type': `${json ? spec.formats.output.json : spec.formats.output.xml}; charset=utf-8`, connection: 'close' },
      body: new TextEncoder().encode(encode('error.response', format, { status: 'failed', errors: { requesttoolarge: errorKeys.requesttoolarge.message } })),
    };
  };
  const server = createHttpServer(service.dispatch, { maxBodyBytes: spec.limits.maxBodyBytes, tooLarge, before: serveStatic });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, values.host, () => ok());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${values.host}:${actualPort}`;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`crmgen: ${signal}, shutting down`);
    // In-flight calls and deliveries get a moment to finish; a stuck one cannot keep us alive.
    setTimeout(() => {
      log('crmgen: shutdown took too long; exiting');
      process.exit(1);
    }, 10_000).unref();
    server.close();
    server.closeAllConnections?.();
    void webhooks
      .stop()
      .then(() => storage.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  // Announce readiness only once signals are handled: before a listener exists, SIGTERM's
  // default action would end the process mid-start.
  // One write, so whoever waits for the first line sees the whole block.
  const lines = [`crmgen listening on ${base}`, `  database ${db === ':memory:' ? ':memory: (nothing is kept)' : redact(db)}; reference docs at ${base}/docs/ and ${base}/openapi.json`];
  if (demo) {
    lines.push(`  demo user: ${demo.email}  API token: ${demo.token}`);
    lines.push(`  try: curl -u ${demo.email}:${demo.token} ${base}/contacts/ -H 'Accept: application/json'`);
  } else {
    lines.push(`  authenticate with HTTP Basic: e-mail and API token (crmgen users list --db ${db === ':memory:' ? '...' : db})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return -1;
}
