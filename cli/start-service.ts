// The reference service started for `crmgen serve`, once cli/serve.ts has checked the options and
// (for --spec) pointed generated/ at the folder generated for that spec.
import type { IncomingMessage } from 'node:http';
import type { Admission, RequestHead, ServiceRequest, ServiceResponse } from '../generated/server/dist/index.js';
import { hostname } from 'node:os';
import { redact } from '../server/storage/postgres.ts';
import { hashToken, newToken } from '../server/tokens.ts';
import { createReferenceService } from '../server/reference-service.ts';
import { startWebhooks } from '../server/webhooks.ts';
import { pinnedResolver, systemResolver } from '../server/webhook-guard.ts';
import { createHttpServer } from '../generated/server/dist/index.js';
import { encode } from '../generated/server/dist/codecs/index.js';
import { errorKeys } from '../generated/server/dist/types/errors.js';
import { retryAfterOf, spec } from '../server/facts.ts';
import { withCors, type CorsPolicy } from './cors.ts';
import { dbOption, openDb, UsageError } from './db.ts';
import type { StorageOptions } from '../server/storage/open.ts';
import { withCallBudget, type CallBudget } from '../server/storage/outage.ts';
import { staticFiles } from './static.ts';
import { createRequestLog, requestIdOf, type LogFormat } from './request-log.ts';
import { createMetrics, opsRoutes } from './ops.ts';

export interface ServeOptions {
  host: string;
  port: number;
  db?: string;
  /** --db-*-timeout-ms (PostgreSQL). */
  dbTimeouts?: StorageOptions;
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
  disableAfter?: number | undefined;
  /** --outbox-only: notifications are queued, never sent from this process. */
  outboxOnly?: boolean;
  /** --webhook-resolve HOST=ADDRESS: names answered without a lookup. */
  resolve?: Map<string, string[]>;
  /** Admission caps over the spec's limits (--max-connections, --max-inflight-bytes[-per-address]). */
  maxConnections?: number | undefined;
  maxInFlightBytes?: number | undefined;
  maxInFlightBytesPerAddress?: number | undefined;
  /** --cors-origin: which browser origins may call the service. */
  cors: CorsPolicy;
  /** The generated/ folder whose docs and OpenAPI document are served. */
  generated: string;
  logFormat: LogFormat;
  logBodies: boolean;
  /** /metrics answers only with Authorization: Bearer TOKEN. */
  metricsToken?: string | undefined;
  /** Seconds /readyz answers 503 before the listener closes (load balancers look again). */
  drainSeconds: number;
  /** Seconds in-flight requests and deliveries get to finish once the listener has closed. */
  shutdownSeconds: number;
  /** Seed a demo account on a new database. */
  demo: boolean;
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
  const loginLimits =
    perAddressAndEmail && perAddress && loginWindow
      ? { perAddressAndEmail, perAddress, windowSeconds: loginWindow }
      : false;
  if (!loginLimits && (o.loginFailures ?? o.loginFailuresPerAddress ?? o.loginWindow) !== undefined)
    throw new UsageError(
      'this spec has no auth.failedLogins: give --login-failures, --login-failures-per-address and --login-window together',
    );
  const db = dbOption(o.db);
  const storage = await openDb(db, { ...o.dbTimeouts, serve: true });

  // Users named on the command line exist; with none at all, one demo user.
  let demo: { email: string; token: string; userId: number } | undefined;
  await storage.transaction(async (tx) => {
    for (const u of users) {
      const existing = await tx.findUserByEmail(u.email);
      const account = await tx.ensureAccount(u.account);
      if (existing) {
        if (existing.tokenHash !== hashToken(u.token) || existing.accountId !== account.id)
          throw new UsageError(
            `--user ${u.email}: that user exists with another token or account; use crmgen users to change it`,
          );
        continue;
      }
      await tx.addUser({
        accountId: account.id,
        email: u.email,
        name: u.email.split('@')[0],
        tokenHash: hashToken(u.token),
        preventlogin: 0,
        preventprivatedata: 0,
        administrator: 1,
      });
    }
    if ((await tx.countUsers()) === 0) {
      const account = await tx.ensureAccount('default');
      // Printed once in the start-up line below; only its hash is stored.
      const token = newToken();
      const user = await tx.addUser({
        accountId: account.id,
        email: 'demo@example.com',
        name: 'Demo',
        tokenHash: hashToken(token),
        preventlogin: 0,
        preventprivatedata: 0,
        administrator: 1,
      });
      demo = { email: user.email, token, userId: user.id };
    }
  });

  // Lines that are no request (faults, shutdown) in the log's format, so a JSON log stays JSON.
  const log =
    o.logFormat === 'json'
      ? (line: string) =>
          process.stderr.write(
            `${JSON.stringify({ level: line.includes('500 on') || line.includes('failed') || line.includes(': storage: ') ? 50 : 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg: line })}\n`,
          )
      : (line: string) => process.stderr.write(`${line}\n`);
  // Outages of the database: one line when each starts and one when it ends.
  storage.health?.onLog(log);
  const requestLog = createRequestLog({
    format: o.logFormat,
    bodies: o.logBodies,
    color: o.logFormat === 'pretty' && process.stderr.isTTY === true,
  });
  const metrics = createMetrics(storage, (e) => log(`crmgen: storage: ${e instanceof Error ? e.message : String(e)}`));
  const ops = opsRoutes({
    storage,
    metrics,
    metricsToken: o.metricsToken,
    onError: (e) => log(`crmgen: readyz: ${e instanceof Error ? e.message : String(e)}`),
  });
  const resolver = o.resolve?.size ? pinnedResolver(o.resolve) : systemResolver;
  const webhooks = startWebhooks({
    storage,
    allowPrivate: o.allowPrivateWebhooks,
    retryBaseMs: retryMs,
    leaseMs,
    log,
    resolver,
    ...(o.disableAfter !== undefined && { disableAfter: o.disableAfter }),
    ...(o.outboxOnly && { deliver: false }),
    onAttempt: (a) => {
      metrics.delivery(a);
      requestLog.delivery(a);
    },
  });
  const service = createReferenceService({
    storage,
    quota: { allowed, windowSeconds },
    failedLogins: loginLimits,
    onCommit: webhooks.enqueue,
    log,
    allowPrivateWebhooks: o.allowPrivateWebhooks,
    webhookResolver: resolver,
    onRedeliver: webhooks.poke,
    observe: (r) => {
      metrics.call(r);
      const p = r.context;
      requestLog.call(r, p && { user: p.user.email, userId: p.user.id });
    },
  });
  // Seeded on a new database only (the demo user was just made); through a service of its own,
  // so the request log and metrics start with the first real request. Its hook is inactive, and
  // saving it must not look its host up in DNS (the private-address rule skips the lookup): the
  // real service checks the address again before any delivery.
  let seeded: { records: number; activities: number } | undefined;
  if (o.demo && demo)
    seeded = await (
      await import('./demo.ts')
    ).seedDemo(createReferenceService({ storage, failedLogins: false, allowPrivateWebhooks: true }), demo);
  // Answers of the HTTP shell itself (no body read), in the format the client asked for.
  const envelope =
    (key: 'requesttoolarge' | 'serviceunavailable', extra: Record<string, string>) => (req: IncomingMessage) => {
      const json = (req.headers.accept ?? '').includes(spec.formats.output.json);
      const format = json ? 'json' : 'xml';
      return {
        status: errorKeys[key].status,
        headers: {
          'content-type': `${json ? spec.formats.output.json : spec.formats.output.xml}; charset=utf-8`,
          connection: 'close',
          ...extra,
        },
        body: new TextEncoder().encode(
          encode('error.response', format, { status: 'failed', errors: { [key]: errorKeys[key].message } }),
        ),
      };
    };
  const tooLarge = envelope('requesttoolarge', {});
  // Caps free up as soon as bodies finish arriving: the spec's wait for this cause is short.
  const busy = envelope('serviceunavailable', { 'retry-after': String(retryAfterOf('serviceunavailable', 'busy')) });
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
  // Outermost: every request gets its id (the client's when sane), echoed and logged; requests
  // answered outside the API pipeline are logged here, the pipeline's own by observe above.
  const started = new WeakMap<object, number>();
  const idOf = (req: IncomingMessage) => {
    const id = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = id;
    return id;
  };
  // Copied member by member: a literal spreading the headers before a named member costs microseconds.
  const echo = (r: ServiceResponse, id: string): ServiceResponse => {
    const headers: Record<string, string> = {};
    for (const name in r.headers) headers[name] = r.headers[name]!;
    headers['x-request-id'] = id;
    return { status: r.status, headers, body: r.body };
  };
  /** An answer of the HTTP shell itself (413, 503): logged here and given its id. */
  const plain = (req: IncomingMessage, r: ServiceResponse) => {
    const id = String(req.headers['x-request-id']);
    requestLog.plain(
      { method: req.method ?? 'GET', url: req.url ?? '/', id },
      r,
      performance.now() - (started.get(req.headers) ?? performance.now()),
    );
    return echo(r, id);
  };
  const opsPass: Admission = { admitted: true };
  // A call's database work, admission and dispatch together, is bounded by the statement
  // timeout (server/storage/outage.ts); a batch's parts each have their own.
  const budgets = new WeakMap<object, CallBudget>();
  const batchPath = spec.operations.find((op) => op.multipart)?.path;
  const budgeted = <T>(method: string, url: string, headers: object, fn: () => T): T => {
    // A batch runs its parts in one context: no call budget, each operation its own timeout.
    if (method === 'POST' && batchPath !== undefined && url.split('?')[0]!.replace(/\/$/, '') === batchPath)
      return fn();
    let b = budgets.get(headers);
    if (!b) budgets.set(headers, (b = { spentMs: 0 }));
    return withCallBudget(b, fn);
  };
  const logged = {
    before(req: IncomingMessage) {
      const t = performance.now();
      const id = idOf(req);
      started.set(req.headers, t);
      const r = http.before?.(req);
      if (!r) return undefined;
      requestLog.plain({ method: req.method ?? 'GET', url: req.url ?? '/', id }, r, performance.now() - t);
      return echo(r, id);
    },
    tooLarge(req: IncomingMessage) {
      return plain(req, http.tooLarge(req));
    },
    busy(req: IncomingMessage) {
      return plain(req, (http.busy ?? busy)(req));
    },
    // Health, readiness and metrics need no credentials: they pass admission untouched.
    async admit(head: RequestHead): Promise<{ refused: ServiceResponse } | { admission: Admission }> {
      if (ops.owns(head.url)) return { admission: opsPass };
      const a = await budgeted(head.method, head.url, head.headers, () => http.admit!(head));
      return 'refused' in a ? { refused: echo(a.refused, head.headers['x-request-id'] ?? '') } : a;
    },
    async dispatch(req: ServiceRequest) {
      const t = performance.now();
      const id = req.headers['x-request-id'] ?? requestIdOf(undefined);
      const own = ops.answer(req);
      if (own) {
        const r = await own;
        requestLog.plain({ method: req.method, url: req.url, id }, r, performance.now() - t);
        return echo(r, id);
      }
      return echo(await budgeted(req.method, req.url, req.headers, () => http.dispatch(req)), id);
    },
  };
  const limits = spec.limits;
  const server = createHttpServer(logged.dispatch, {
    maxBodyBytes: limits.maxBodyBytes,
    tooLarge: logged.tooLarge,
    before: logged.before,
    admit: logged.admit,
    busy: logged.busy,
    maxConnections: o.maxConnections ?? limits.maxConnections,
    maxInFlightBytes: o.maxInFlightBytes ?? limits.maxInFlightBytes,
    maxInFlightBytesPerAddress: o.maxInFlightBytesPerAddress ?? limits.maxInFlightBytesPerAddress,
    maxUnreadBodyDrainBytes: limits.maxUnreadBodyDrainBytes,
  });
  // Requests between arrival and the end of their answer, for a graceful shutdown.
  let active = 0;
  server.on('request', (_req, res) => {
    active++;
    res.once('close', () => active--);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, o.host, () => ok());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${o.host}:${actualPort}`;
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      // A second signal: the operator does not want to wait.
      log(`crmgen: ${signal} again; exiting now`);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    closing = true;
    // Whatever hangs (a database that no longer answers) cannot keep the process alive.
    setTimeout(
      () => {
        log('crmgen: shutdown took too long; exiting');
        process.exit(1);
      },
      (o.drainSeconds + o.shutdownSeconds + 5) * 1000,
    ).unref();
    const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
    // /readyz answers 503 first, so a load balancer stops sending before the listener goes.
    ops.shuttingDown();
    log(`crmgen: ${signal}, shutting down${o.drainSeconds ? ` (readyz 503 for ${o.drainSeconds} s first)` : ''}`);
    if (o.drainSeconds) await sleep(o.drainSeconds * 1000);
    server.close();
    server.closeIdleConnections();
    const deadline = Date.now() + o.shutdownSeconds * 1000;
    while (active > 0 && Date.now() < deadline) await sleep(20);
    const late = active;
    // Answered keep-alive connections are idle now; anything left past the bound is cut.
    server.closeAllConnections();
    await webhooks.stop(Math.max(0, deadline - Date.now()));
    await storage.close().catch(() => undefined);
    if (late) log(`crmgen: ${late} request${late === 1 ? '' : 's'} still running after ${o.shutdownSeconds} s; cut`);
    process.exit(late ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Announce readiness only once signals are handled: before a listener exists, SIGTERM's
  // default action would end the process mid-start.
  // One write, so whoever waits for the first line sees the whole block.
  const lines = [
    `crmgen listening on ${base}`,
    `  database ${db === ':memory:' ? ':memory: (nothing is kept)' : redact(db)}; reference docs at ${base}/docs/ and ${base}/openapi.json`,
  ];
  if (demo) {
    lines.push(`  demo user: ${demo.email}  API token: ${demo.token}`);
    if (seeded)
      lines.push(
        `  demo data: ${seeded.records} records, ${seeded.activities} activities, categories and an inactive hook`,
      );
    lines.push(`  try: curl -u ${demo.email}:${demo.token} ${base}/contacts/ -H 'Accept: application/json'`);
  } else {
    lines.push(
      `  authenticate with HTTP Basic: e-mail and API token (a lost token: crmgen users token EMAIL --db ${db === ':memory:' ? '...' : redact(db)})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return -1;
}
