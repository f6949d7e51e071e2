// The TypeScript target's harness for the conformance suite (spec/conformance/): runs each case
// against a generated client module (test/conformance.test.ts hands it generated/client/src), with a
// fetch that records the request and answers the case's response. It knows how the client names a
// call of the IR (operation.client, under its kind or segment) and nothing of any case.
import type {
  BatchCase,
  ConformanceCall,
  ConformanceError,
  Operation,
  PaginationCase,
  RequestCase,
  ResponseCase,
  RetryCase,
  Spec,
  WebhookCase,
} from '../../pipeline/model.ts';
import { parseXml, type XmlElement } from './runtime/xml.ts';

/** What the harness needs of the generated client package. */
export interface ClientModule {
  createClient(options: Record<string, unknown>): unknown;
}

/** What the harness needs of the package's runtime. */
export interface RuntimeModule {
  parseRetryAfter(header: string | undefined, now: number): number | undefined;
  retryDecision(
    failure: {
      method: string;
      status: number;
      retryAfter: number | undefined;
      attempt: number;
      rateLimitedBefore: boolean;
    },
    retry: Record<string, number>,
  ): { retry: false } | { retry: true; delayMs: number; backoff: boolean };
  webhookVerdict(
    body: string,
    headers: Record<string, string>,
    secret: string,
    options: { now: number; toleranceSeconds?: number },
  ): Promise<string>;
}

export interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = { status: number; headers: Record<string, string>; body: string };

/** A fetch that records each request and answers with `answer(request)`. */
function recordingFetch(sent: SentRequest[], answer: (r: SentRequest) => Answer) {
  return async (url: string | URL, init: RequestInit = {}) => {
    const req = new Request(url, init);
    const body =
      init.body === undefined || init.body === null ? undefined : new TextDecoder().decode(await req.arrayBuffer());
    const r: SentRequest = {
      method: req.method,
      url: new URL(req.url),
      headers: Object.fromEntries(req.headers),
      body,
    };
    sent.push(r);
    const a = answer(r);
    return new Response(a.body, { status: a.status, headers: a.headers });
  };
}

export class ConformanceRunner {
  constructor(
    readonly spec: Spec,
    readonly client: ClientModule,
    readonly runtime: RuntimeModule,
  ) {}

  private get suite() {
    return this.spec.conformance!;
  }

  private newClient(format: string, fetch: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return this.client.createClient({
      ...this.suite.client,
      format,
      fetch,
      validate: false,
      retry: { max: 0 },
      ...extra,
    }) as Record<string, unknown>;
  }

  private operation(call: ConformanceCall): Operation {
    const op = this.spec.operations.find((o) => o.id === call.operation);
    if (!op) throw new Error(`no operation ${call.operation}`);
    return op;
  }

  /** The client method of a call (crm.contacts.activities.note.update) with its arguments. */
  private invoke(
    crm: Record<string, unknown>,
    call: ConformanceCall,
    verb?: string,
  ): Promise<unknown> & {
    withResponse?(): Promise<{ data: unknown; response: { quota?: unknown; location?: string } }>;
  } {
    const op = this.operation(call);
    let target = crm as Record<string, any>;
    if (op.scope === 'kind') target = target[call.kind!];
    if (op.scope === 'activity') target = target[call.kind!].activities[call.segment!];
    const path = op.client.split('.');
    for (const p of path.slice(0, -1)) target = target[p];
    const args = [call.id, call.deliveryId, call.body, call.params].filter((a) => a !== undefined);
    return target[verb ?? path.at(-1)!](...args);
  }

  /** The request the client sends for the case's call. */
  async sentRequest(c: RequestCase): Promise<SentRequest> {
    const sent: SentRequest[] = [];
    const crm = this.newClient(
      c.format,
      recordingFetch(sent, () => ({
        status: 200,
        headers: { 'content-type': 'application/xml' },
        body: '<response><status>success</status></response>',
      })),
    );
    await this.invoke(crm, c.call).catch(() => undefined);
    if (sent.length !== 1) throw new Error(`expected one request, the client sent ${sent.length}`);
    return sent[0]!;
  }

  /** The value and facts (or the error) the client makes of the case's answer. */
  async outcome(c: ResponseCase): Promise<ResponseCase['expect']> {
    const crm = this.newClient(
      c.format,
      recordingFetch([], () => c.response),
    );
    try {
      const { data, response } = await this.invoke(crm, c.call).withResponse!();
      return {
        value: data,
        ...(response.quota ? { quota: response.quota as { used: number; allowed: number } } : {}),
        ...(response.location ? { location: response.location } : {}),
      };
    } catch (e) {
      return errorOutcome(e);
    }
  }

  /** The client's decision after the case's failed attempt. */
  retryOutcome(c: RetryCase): RetryCase['expect'] {
    const now = Date.parse(c.now);
    const retryAfter = this.runtime.parseRetryAfter(c.retryAfter, now);
    const attempt = c.attempt ?? 0;
    const { maxRetries, ...rest } = this.suite.retry;
    const d = this.runtime.retryDecision(
      { method: c.method, status: c.status, retryAfter, attempt, rateLimitedBefore: c.status === 429 && attempt > 0 },
      { max: maxRetries, ...rest },
    );
    if (!d.retry) return { retry: false };
    return d.backoff ? { retry: true, backoff: true } : { retry: true, delaySeconds: d.delayMs / 1000 };
  }

  webhookOutcome(c: WebhookCase): Promise<string> {
    const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v]));
    return this.runtime.webhookVerdict(c.body, headers, c.secret, {
      now: c.now * 1000,
      ...(c.toleranceSeconds !== undefined ? { toleranceSeconds: c.toleranceSeconds } : {}),
    });
  }

  /** The batch requests the client sends (BOUNDARY in place of its boundary) and each call's outcome. */
  async batchOutcome(c: BatchCase): Promise<{
    requests: { headers: Record<string, string>; crlfLines: string[]; parts: number }[];
    outcomes: ({ value: unknown } | { error: ConformanceError })[];
  }> {
    const sent: SentRequest[] = [];
    const answer = c.response
      ? {
          status: 200,
          headers: c.response.headers,
          body: c.response.crlfLines.join('\r\n').replaceAll('BOUNDARY', 'batch_answer'),
        }
      : undefined;
    if (answer)
      answer.headers = {
        ...answer.headers,
        'Content-Type': answer.headers['Content-Type']!.replace('BOUNDARY', 'batch_answer'),
      };
    const crm = this.newClient(
      c.format,
      recordingFetch(sent, () => answer ?? { status: 503, headers: {}, body: '' }),
    );
    const batch = (crm.batch as () => Record<string, unknown>)();
    const calls = c.calls ?? Array.from({ length: c.repeat!.times }, () => c.repeat!.call);
    const settled = calls.map((call) =>
      this.invoke(batch, call).then(
        (value) => ({ value }),
        (e: unknown) => errorOutcome(e),
      ),
    );
    await (batch.send as () => Promise<void>)();
    const outcomes = await Promise.all(settled);
    const requests = sent.map((r) => {
      const boundary = /boundary=([^;]+)/.exec(r.headers['content-type'] ?? '')?.[1] ?? 'none';
      const text = (r.body ?? '').replaceAll(boundary, 'BOUNDARY');
      return {
        headers: {
          Authorization: r.headers.authorization!,
          Accept: r.headers.accept!,
          'Content-Type': r.headers['content-type']!.replaceAll(boundary, 'BOUNDARY'),
        },
        crlfLines: text.split('\r\n'),
        parts: text.split('\r\n--BOUNDARY').length - 1,
      };
    });
    return {
      requests,
      outcomes: outcomes.map((o) => ('error' in o ? { error: o.error! } : o)) as (
        { value: unknown } | { error: ConformanceError }
      )[],
    };
  }

  /** The ids the client's iterator yields, and the queries of the pages it asked for. */
  async pagination(c: PaginationCase): Promise<{ ids: number[]; queries: Record<string, string>[] }> {
    const sent: SentRequest[] = [];
    const crm = this.newClient(
      c.format,
      recordingFetch(sent, (r) => {
        const page = c.pages.find((p) => sameQuery(p.query, Object.fromEntries(r.url.searchParams)));
        return page
          ? { status: 200, headers: { 'content-type': 'application/xml' }, body: page.body }
          : { status: 404, headers: {} as Record<string, string>, body: '' };
      }),
    );
    const ids: number[] = [];
    const iterator = this.invoke(crm, c.call, 'iterate') as unknown as AsyncIterable<{ id: number }>;
    for await (const entry of iterator) ids.push(entry.id);
    return { ids, queries: sent.map((r) => Object.fromEntries(r.url.searchParams)) };
  }
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

const errorTypes: Record<string, ConformanceError['type']> = {
  AuthenticationError: 'authentication',
  NotFoundError: 'notfound',
  ValidationError: 'validation',
  RateLimitError: 'ratelimit',
  ServerError: 'server',
  ConnectionError: 'connection',
  ServiceError: 'service',
};

function errorOutcome(e: unknown): { error: ConformanceError; quota?: { used: number; allowed: number } } {
  const err = e as {
    name?: string;
    status?: number;
    keys?: string[];
    retryAfter?: number;
    quota?: { used: number; allowed: number };
  };
  const type = errorTypes[err.name ?? ''];
  if (!type) throw e;
  return {
    error: {
      type,
      status: err.status!,
      keys: err.keys!,
      ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    },
    ...(err.quota ? { quota: err.quota } : {}),
  };
}

/** An XML body as a comparable tree: names, attributes, text; whitespace between elements and the declaration do not count. */
export function canonicalXml(text: string): unknown {
  const walk = (e: XmlElement): unknown => ({
    name: e.name,
    attrs: e.attrs ?? {},
    ...(e.children.length ? { children: e.children.map(walk) } : { text: e.text }),
  });
  return walk(parseXml(text, { maxDepth: 64, maxElements: 100_000, maxBytes: 10_000_000 }));
}
