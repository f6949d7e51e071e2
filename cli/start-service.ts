// The reference service started for `crmgen serve`, once cli/serve.ts has checked the options and
// (for --spec) pointed generated/ at the folder generated for that spec.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { redact } from '../server/storage/postgres.ts';
import { createReferenceService } from '../server/service.ts';
import { startWebhooks } from '../server/webhooks.ts';
import { pinnedResolver, systemResolver } from '../server/webhook-guard.ts';
import { createHttpServer } from '../generated/server/dist/index.js';
import { encode } from '../generated/server/dist/codecs/index.js';
import { errorKeys } from '../generated/server/dist/types/errors.js';
import { spec } from '../server/facts.ts';
import { withCors, type CorsPolicy } from './cors.ts';
import { dbOption, openDb, UsageError } from './db.ts';
import { staticFiles } from './static.ts';

export interface ServeOptions {
  host: string;
  port: number;
  db?: string;
  users: { email: string; token: string; account: string }[];
  quota?: number;
  quotaWindow?: number;
  /** --login-failures, --login-failures-per-address, --login-window: over the spec's auth.failedLogins. */
  loginFailures?: number;
  loginFailuresPerAddress?: number;
  loginWindow?: number;
  allowPrivateWebhooks: boolean;
  retryMs?: number;
  leaseMs?: number;
  /** --webhook-disable-after: failed notifications in a row that disable a hook (0: never). */
  disableAfter?: number;
  /** --webhook-resolve HOST=ADDRESS: names answered without a lookup. */
  resolve?: Map<string, string[]>;
  /** --cors-origin: which browser origins may call the service. */
  cors: CorsPolicy;
  maxConnections?: number | undefined;
  maxInFlightBytes?: number | undefined;
  maxInFlightBytesPerAddress?: number | undefined;
  /** The generated/ folder whose docs and OpenAPI document are served. */
  generated: string;
}

export async function startService(o: ServeOptions): Promise<number> {
  const allowed = o.quota ?? spec.quota.defaultAllowed;
  const windowSeconds = o.quotaWindow ?? spec.quota.defaultWindowSeconds;
  const { users, port, retryMs, leaseMs } = o;
  const failedLogins = spec.auth.failedLogins;
  const perAddressAndEmail = o.loginFailures ?? failedLogins?.perAddressAndEmail;
  const perAddress = o.loginFailuresPerAddress ?? failedLogins?.perAddress;
  const loginWindow = o.loginWindow ?? failedLogins?.windowSeconds;
  // A spec without auth.failedLogins throttles only when every number is given on the command line.
  const loginLimits = perAddressAndEmail && perAddress && loginWindow ? { perAddressAndEmail, perAddress, windowSeconds: loginWindow } : false;
  if (!loginLimits && (o.loginFailures ?? o.loginFailuresPerAddress ?? o.loginWindow) !== undefined) throw new UsageError('this spec has no auth.failedLogins: give --login-failures, --login-failures-per-address and --login-window together');
  const db = dbOption(o.db);
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
  const resolver = o.resolve?.size ? pinnedResolver(o.resolve) : systemResolver;
  const webhooks = startWebhooks({ storage, allowPrivate: o.allowPrivateWebhooks, retryBaseMs: retryMs, leaseMs, log, resolver, ...(o.disableAfter !== undefined && { disableAfter: o.disableAfter }) });
  const service = createReferenceService({
    storage,
    quota: { allowed, windowSeconds },
    failedLogins: loginLimits,
    onCommit: webhooks.enqueue,
    log,
    allowPrivateWebhooks: o.allowPrivateWebhooks,
    webhookResolver: resolver,
    onRedeliver: webhooks.poke,
  });
  // Answers of the HTTP shell itself (no body read), in the format the client asked for.
  const envelope = (key: 'requesttoolarge' | 'serviceunavailable', extra: Record<string, string>) => (req: IncomingMessage) => {
    const json = (req.headers.accept ?? '').includes(spec.formats.output.json);
    const format = json ? 'json' : 'xml';
    return {
      status: errorKeys[key].status,
      headers: { 'content-type': `${json ? spec.formats.output.json : spec.formats.output.xml}; charset=utf-8`, connection: 'close', ...extra },
      body: new TextEncoder().encode(encode('error.response', format, { status: 'failed', errors: { [key]: errorKeys[key].message } })),
    };
  };
  const tooLarge = envelope('requesttoolarge', {});
  // Caps free up as soon as bodies finish arriving: a second is a fair wait.
  const busy = envelope('serviceunavailable', { 'retry-after': '1' });
  const http = withCors(
    o.cors,
    {
      methods: [...new Set([...spec.operations.map((op) => op.method), spec.batch.method])].sort(),
      // The quota header, a create's Location, Retry-After (throttled logins; the client honours it
      // on 429) and X-Request-Id (not sent by this service, but a proxy in front may add it).
      exposeHeaders: [spec.quota.header, 'Location', 'X-Request-Id', 'Retry-After'],
      allowHeaders: ['authorization', 'content-type', 'accept', 'x-request-id'],
      // Short, so a changed --cors-origin takes effect soon in an open browser tab.
      maxAgeSeconds: 600,
    },
    { dispatch: service.dispatch, admit: service.dispatch.admit, before: staticFiles(o.generated), tooLarge, busy },
  );
  const limits = spec.limits;
  const server = createHttpServer(http.dispatch, {
    maxBodyBytes: limits.maxBodyBytes,
    tooLarge: http.tooLarge,
    before: http.before,
    ...(http.admit && { admit: http.admit }),
    ...(http.busy && { busy: http.busy }),
    maxConnections: o.maxConnections ?? limits.maxConnections,
    maxInFlightBytes: o.maxInFlightBytes ?? limits.maxInFlightBytes,
    maxInFlightBytesPerAddress: o.maxInFlightBytesPerAddress ?? limits.maxInFlightBytesPerAddress,
    maxUnreadBodyDrainBytes: limits.maxUnreadBodyDrainBytes,
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, o.host, () => ok());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${o.host}:${actualPort}`;
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
