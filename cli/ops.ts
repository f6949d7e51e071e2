// What a load balancer and a monitoring system ask of `crmgen serve`: /healthz (the process
// answers), /readyz (storage answers, not shutting down) and /metrics (Prometheus text, by
// prom-client). Answered before authentication; /metrics can require a bearer token.
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CallRecord, ServiceRequest, ServiceResponse } from '../generated/server/dist/index.js';
import type { Storage } from '../server/storage/port.ts';
import { StorageOutage } from '../server/storage/outage.ts';
import type { DeliveryAttempt } from '../server/webhooks.ts';

export interface Metrics {
  registry: Registry;
  call(record: CallRecord<unknown>): void;
  delivery(attempt: DeliveryAttempt): void;
  storageError(): void;
}

export function createMetrics(storage: Storage, onError: (e: unknown) => void): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'crmgen_' });
  const requests = new Counter({
    name: 'crmgen_requests_total',
    help: 'API requests answered, by operation and status (a batch counts once, its parts in crmgen_batch_parts_total)',
    labelNames: ['operation', 'status'],
    registers: [registry],
  });
  const parts = new Counter({
    name: 'crmgen_batch_parts_total',
    help: 'Batch parts answered, by operation and status',
    labelNames: ['operation', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'crmgen_request_duration_seconds',
    help: 'Time from dispatch to answer of API requests, by operation',
    labelNames: ['operation'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const quotaRejections = new Counter({
    name: 'crmgen_quota_rejections_total',
    help: 'Calls refused with quotaexceeded (requests and batch parts)',
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'crmgen_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, retry, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: 'crmgen_storage_errors_total',
    help: 'Calls answered 5xx (faults, storage outages) and failed storage checks (readyz, outbox depth)',
    registers: [registry],
  });
  new Gauge({
    name: 'crmgen_webhook_outbox_depth',
    help: 'Webhook deliveries pending in the outbox (all instances on this database)',
    registers: [registry],
    async collect() {
      try {
        this.set(await storage.read((tx) => tx.pendingDeliveries()));
      } catch (e) {
        storageErrors.inc();
        // An outage is logged once by the storage, not at every scrape.
        if (!(e instanceof StorageOutage)) onError(e);
      }
    },
  });
  for (const outcome of ['delivered', 'retry', 'failed']) deliveries.inc({ outcome }, 0);
  return {
    registry,
    call(r) {
      const operation = r.operation ?? 'none';
      const labels = { operation, status: String(r.response.status) };
      if (r.batch) parts.inc(labels);
      else {
        requests.inc(labels);
        latency.observe({ operation }, r.ms / 1000);
      }
      if (r.errors.includes('quotaexceeded')) quotaRejections.inc();
      if (r.response.status >= 500) storageErrors.inc();
    },
    delivery(a) {
      deliveries.inc({ outcome: a.outcome });
    },
    storageError() {
      storageErrors.inc();
    },
  };
}

export interface OpsRoutes {
  /** The answer to an operations path, or undefined for every other request. */
  answer(req: ServiceRequest): Promise<ServiceResponse> | undefined;
  /** Whether answer() takes this request target (so it needs no credentials). */
  owns(url: string): boolean;
  /** From now on /readyz answers 503. */
  shuttingDown(): void;
}

const text = (status: number, body: string, headers: Record<string, string> = {}): ServiceResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: new TextEncoder().encode(body),
});

function sameToken(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

const opsPaths = ['/healthz', '/readyz', '/metrics'];
// Asked of every request: compared in place, no split.
const owns = (url: string) =>
  opsPaths.some((p) => url.startsWith(p) && (url.length === p.length || url[p.length] === '?'));

/** /readyz answers within a second whatever the database does: a check still running then is a 503. */
const READY_WITHIN_MS = 800;

export function opsRoutes(o: {
  storage: Storage;
  metrics: Metrics;
  metricsToken?: string | undefined;
  onError: (e: unknown) => void;
}): OpsRoutes {
  let closing = false;
  // One check at a time: probes arriving while one runs share its outcome.
  let check: Promise<void> | undefined;
  async function ready(): Promise<ServiceResponse> {
    if (closing) return text(503, 'shutting down\n');
    // Migrations ran before the listener opened; this asks the database itself (a read: a disk
    // that is full still serves reads).
    check ??= o.storage
      .read((tx) => tx.countUsers())
      .then(() => undefined)
      .finally(() => (check = undefined));
    const running = check;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((ok) => (timer = setTimeout(() => ok('late'), READY_WITHIN_MS)));
    try {
      if ((await Promise.race([running, late])) === 'late') {
        o.metrics.storageError();
        running.catch(() => undefined);
        return text(503, `storage unavailable: the database did not answer within ${READY_WITHIN_MS} ms\n`);
      }
    } catch (e) {
      o.metrics.storageError();
      // Outages are logged once per episode by the storage; anything else here.
      if (!(e instanceof StorageOutage)) o.onError(e);
      return text(503, `storage unavailable: ${e instanceof StorageOutage ? e.message : 'the check failed'}\n`);
    } finally {
      clearTimeout(timer);
    }
    // Reads work; say when writes do not (a full disk, a read-only database).
    const refused = (o.storage.health?.conditions() ?? []).filter((c) => c.condition !== 'unreachable');
    const lines = refused.map((c) => `writes refused since ${new Date(c.since).toISOString()}: ${c.message}\n`);
    return text(200, `ready\n${lines.join('')}`);
  }
  async function metrics(req: ServiceRequest): Promise<ServiceResponse> {
    if (o.metricsToken !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (!m || !sameToken(m[1]!, o.metricsToken))
        return text(401, 'metrics need Authorization: Bearer TOKEN (crmgen serve --metrics-token)\n', {
          'www-authenticate': 'Bearer realm="metrics"',
        });
    }
    return {
      status: 200,
      headers: { 'content-type': o.metrics.registry.contentType, 'cache-control': 'no-store' },
      body: new TextEncoder().encode(await o.metrics.registry.metrics()),
    };
  }
  return {
    owns,
    answer(req) {
      if (!owns(req.url)) return undefined;
      const path = req.url.split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return Promise.resolve(text(405, 'GET only\n', { allow: 'GET, HEAD' }));
      if (path === '/healthz') return Promise.resolve(text(200, 'ok\n'));
      return path === '/readyz' ? ready() : metrics(req);
    },
    shuttingDown() {
      closing = true;
    },
  };
}
