// Runs the checks of generator/verify.ts against a live server: fills placeholders with data it
// creates (uniquely named, removed at the end), sends each request, compares the answer, and
// validates JSON bodies against the OpenAPI document emitted from the same IR.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { Spec } from '../pipeline/model.ts';
import { emitOpenApi } from '../outputs/openapi.ts';
import { derive } from '../sdk-model/derive.ts';
import type { Check, Expectation, FieldRule, Step, Suite, VerifyRequest } from './verify-checks.ts';

export interface Credentials {
  email: string;
  token: string;
}

export interface RunOptions {
  url: string;
  users: [Credentials, Credentials];
  other: Credentials;
  fuzz: number;
  seed: number;
  /** HOST:PORT of the local webhook receiver; webhook checks are skipped without it. */
  webhooks?: { host: string; port: number };
  onResult?: (r: CheckResult) => void;
}

export interface CheckResult {
  id: string;
  group: string;
  title: string;
  at: string;
  operation: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
  request?: string;
  response?: string;
  ms: number;
  /** Requests sent (fuzz: its rate). */
  requests: number;
  notImplemented?: boolean;
}

class CheckFailure extends Error {
  constructor(
    message: string,
    readonly request?: string,
    readonly response?: string,
    readonly notImplemented = false,
    /** The operation of the request that failed, when it was not the check's own (a fixture). */
    readonly operation?: string,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json?: any;
}

const excerpt = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);
const basic = (c: Credentials) => `Basic ${Buffer.from(`${c.email}:${c.token}`).toString('base64')}`;

function toXml(value: unknown, name: string): string {
  if (Array.isArray(value)) return value.map((v) => toXml(v, name)).join('');
  if (value !== null && typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(v, k))
      .join('')}</${name}>`;
  return `<${name}>${String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</${name}>`;
}

function formPairs(value: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  const walk = (key: string, v: unknown) => {
    if (v !== null && typeof v === 'object') for (const [k, e] of Object.entries(v)) walk(key ? `${key}[${k}]` : k, e);
    else pairs.push([key, String(v ?? '')]);
  };
  walk('', value);
  return pairs;
}

export class Runner {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly schemas = new Map<string, string>();
  private readonly tag = `vfy${randomBytes(4).toString('hex')}`;
  private ids: Record<string, number> = {};
  private readonly cache = new Map<string, number>();
  private readonly created: { kind: string; id: number }[] = [];
  private readonly hooks = new Set<number>();
  private requests = 0;

  constructor(
    private readonly spec: Spec,
    private readonly suite: Suite,
    private readonly opts: RunOptions,
  ) {
    const doc = JSON.parse(
      emitOpenApi(spec, derive(spec)).find((f) => f.path.endsWith('openapi.json'))!.content as string,
    );
    this.ajv.addSchema({ $id: 'crm:openapi', components: doc.components }, 'crm:openapi');
    for (const item of Object.values(doc.paths) as Record<string, any>[])
      for (const op of Object.values(item))
        if (op?.operationId) {
          const ok = Object.entries(op.responses as Record<string, any>).find(([s]) => Number(s) < 300)?.[1];
          const ref = ok?.content?.['application/json']?.schema?.$ref as string | undefined;
          if (ref) this.schemas.set(op.operationId, ref.replace('#/components/schemas/', ''));
        }
  }

  private validate(schemaName: string, value: unknown): string | undefined {
    const v = this.ajv.getSchema(`crm:openapi#/components/schemas/${schemaName}`);
    if (!v) return `no schema ${schemaName} in the OpenAPI document`;
    if (v(value)) return undefined;
    return this.ajv.errorsText(v.errors, { dataVar: 'body' });
  }

  async send(req: VerifyRequest, vars: Map<string, number> = new Map()): Promise<{ reply: Reply; shown: string }> {
    const fill = async (text: string) => {
      let out = text;
      for (const m of text.match(/\{[a-z0-9]+(?::[^{}]*)?\}/g) ?? [])
        out = out.replace(m, String(await this.resolve(m, vars)));
      return out;
    };
    const fillValue = async (v: unknown): Promise<unknown> => {
      if (typeof v === 'string') {
        const whole = /^\{(record|fresh|act|freshact|hook|me|user2):?[^{}]*\}$/.test(v);
        const filled = await fill(v);
        return whole && /^\d+$/.test(filled) ? Number(filled) : filled;
      }
      if (Array.isArray(v)) return Promise.all(v.map(fillValue));
      if (v && typeof v === 'object')
        return Object.fromEntries(await Promise.all(Object.entries(v).map(async ([k, e]) => [k, await fillValue(e)])));
      return v;
    };
    const path = await fill(req.path);
    const query = req.query
      ? new URLSearchParams(
          Object.fromEntries(await Promise.all(Object.entries(req.query).map(async ([k, v]) => [k, await fill(v)]))),
        )
      : undefined;
    const url = `${this.opts.url}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { accept: req.accept === 'xml' ? 'application/xml' : 'application/json' };
    const auth = req.auth ?? 'user';
    if (auth === 'notbasic') headers.authorization = `Bearer ${this.opts.users[0].token}`;
    else if (auth !== 'none')
      headers.authorization = basic(
        auth === 'user2'
          ? this.opts.users[1]
          : auth === 'other'
            ? this.opts.other
            : auth === 'wrong'
              ? { ...this.opts.users[0], token: `${this.opts.users[0].token}-wrong` }
              : this.opts.users[0],
      );
    let body: string | FormData | undefined;
    if (req.body) {
      const value = (await fillValue(req.body)) as Record<string, unknown>;
      const format = req.format ?? 'json';
      if (format === 'json') ((headers['content-type'] = 'application/json'), (body = JSON.stringify(value)));
      else if (format === 'xml')
        ((headers['content-type'] = 'application/xml'), (body = toXml(value, this.spec.formats.requestRoot)));
      else if (format === 'form')
        ((headers['content-type'] = 'application/x-www-form-urlencoded'),
          (body = new URLSearchParams(formPairs(value)).toString()));
      else {
        const form = new FormData();
        for (const [k, v] of formPairs(value)) form.append(k, v);
        const segment = path.split('/')[2];
        for (const f of req.files ?? this.suite.uploads[segment] ?? [])
          form.append(`data[${f}]`, new Blob([`verify ${this.tag}`], { type: 'text/plain' }), `verify-${this.tag}.txt`);
        body = form;
      }
    }
    const shown = `${req.method} ${url}${req.auth && req.auth !== 'user' ? ` (as ${req.auth})` : ''}${typeof body === 'string' ? `\n${excerpt(body)}` : body ? '\n(multipart form)' : ''}`;
    this.requests++;
    const res = await fetch(url, { method: req.method, headers, body, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let json: unknown;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const reply: Reply = { status: res.status, headers: res.headers, text, json };
    // Remember what a request created, so the end of the run can remove it.
    if (req.method === 'POST' && res.status < 300) {
      const j = (json ?? {}) as Record<string, any>;
      const kind = path.split('/')[1];
      const hookId = j.id ?? Number(/^<\?xml[^>]*>\s*<[a-z]+><id>(\d+)<\/id>/.exec(text)?.[1]);
      const recordId = j.item?.id ?? Number(/<item><id>(\d+)<\/id>/.exec(text)?.[1]);
      if (path === '/hooks/' && Number.isInteger(hookId)) this.hooks.add(hookId);
      else if (Number.isInteger(recordId) && this.suite.nameFields[kind] && path === `/${kind}/`)
        this.created.push({ kind, id: recordId });
    }
    return { reply, shown };
  }

  private expectOk(reply: Reply, shown: string, what: string, operation?: string): any {
    if (reply.status >= 300)
      throw this.failure(`${what}: expected success, got ${reply.status}`, shown, reply, operation);
    return reply.json;
  }

  private failure(message: string, shown: string, reply: Reply, operation?: string): CheckFailure {
    const notImplemented = reply.status === 501 && /notimplemented/.test(reply.text);
    return new CheckFailure(
      message,
      shown,
      `${reply.status} ${reply.headers.get('content-type') ?? ''}\n${excerpt(reply.text)}`,
      notImplemented,
      operation,
    );
  }

  private async resolve(token: string, vars: Map<string, number>): Promise<string | number> {
    const [name, kind, chain] = token.slice(1, -1).split(':');
    if (name === 'tag') return this.tag;
    if (name === 'me') return this.ids.me;
    if (name === 'user2') return this.ids.user2;
    if (name === 'category') return this.categoryOf(kind);
    const fresh = name === 'fresh' || name === 'freshact' || name === 'hook';
    const store = fresh ? vars : this.cache;
    const known = store.get(token);
    if (known !== undefined) return known;
    let id: number;
    try {
      id = await this.create(name, kind, chain, fresh, vars);
    } catch (e) {
      // A fixture the server cannot make yet: send the check's own request anyway (with id 0), so
      // a server that answers 501 there is reported by that operation's name too.
      if (!(e instanceof CheckFailure && e.notImplemented)) throw e;
      this.missingFixture ??= e;
      id = 0;
    }
    store.set(token, id);
    return id;
  }

  private missingFixture?: CheckFailure;

  private async create(
    name: string,
    kind: string,
    chain: string,
    fresh: boolean,
    vars: Map<string, number>,
  ): Promise<number> {
    let id: number;
    if (name === 'record' || name === 'fresh') id = await this.createRecord(kind);
    else if (name === 'hook') {
      const { reply, shown } = await this.send({
        method: 'POST',
        path: '/hooks/',
        body: { event: this.spec.events[0].name, url: `https://hooks.example.com/verify/${this.tag}`, active: 0 },
      });
      id = this.expectOk(reply, shown, 'creating a hook', 'createHook').id;
    } else {
      const segments = chain.split('/');
      // Each chain on a record of its own: a one-per-parent type may appear in several chains.
      let parent: number = fresh ? Number(await this.resolve(`{fresh:${kind}}`, vars)) : await this.createRecord(kind);
      for (const s of segments) {
        const { reply, shown } = await this.send({
          method: 'POST',
          path: `/${kind}/${s}/`,
          body: { parent, data: this.suite.fixtures[s] },
          format: this.suite.uploads[s].length ? 'multipart' : 'json',
        });
        parent = this.expectOk(reply, shown, `creating a ${s}`, `createActivity (${s})`).id;
      }
      id = parent;
    }
    return id;
  }

  private async createRecord(kind: string): Promise<number> {
    const { reply, shown } = await this.send({
      method: 'POST',
      path: `/${kind}/`,
      body: { [this.suite.nameFields[kind]]: `verify ${this.tag}` },
    });
    const body = this.expectOk(reply, shown, `creating a ${kind} record`, 'createRecord');
    return body.item.id;
  }

  private async step(step: Step, vars: Map<string, number>): Promise<void> {
    const { reply, shown } = await this.send(step.request, vars);
    this.expect(step.expect, reply, shown);
  }

  private expect(e: Expectation, reply: Reply, shown: string): void {
    const fail = (m: string) => {
      throw this.failure(m, shown, reply);
    };
    if (reply.status >= 500 && reply.status !== 501) fail(`a ${reply.status} (server error)`);
    if (reply.status !== e.status)
      fail(`expected status ${e.status}${e.key ? ` (${e.key})` : ''}, got ${reply.status}`);
    if (
      reply.headers.get('content-length') !== null &&
      Number(reply.headers.get('content-length')) !== Buffer.byteLength(reply.text)
    )
      fail('Content-Length differs from the body');
    if (e.quota) {
      const q = reply.headers.get(this.suite.quotaHeader);
      if (!q || !/^\d+\/\d+$/.test(q)) fail(`missing or malformed ${this.suite.quotaHeader} header: ${q}`);
    }
    let json = reply.json;
    if (e.jsonp) {
      const prefix = `${e.jsonp}(`;
      if (!reply.text.startsWith(prefix) || !reply.text.endsWith(')')) fail(`expected a body ${prefix}…)`);
      if (!(reply.headers.get('content-type') ?? '').startsWith(this.spec.formats.output.jsonp))
        fail(`expected Content-Type ${this.spec.formats.output.jsonp}`);
      json = JSON.parse(reply.text.slice(prefix.length, -1));
    }
    const type = reply.headers.get('content-type') ?? '';
    if (type.includes('xml')) {
      if (!reply.text.startsWith('<?xml') || !reply.text.includes(`<${this.spec.formats.responseRoot}>`))
        fail('the XML answer lacks its declaration or root');
      const status = /<status>([^<]*)<\/status>/.exec(reply.text)?.[1];
      const expected = e.status < 300 ? 'success' : this.spec.errorEnvelope.status;
      if (status !== expected) fail(`expected <status>${expected}</status>, got ${status}`);
      if (e.key && !reply.text.includes(`<${e.key}>`)) fail(`expected the error key ${e.key}`);
      return;
    }
    if (json === undefined) fail('the answer is neither JSON nor XML');
    if (e.status >= 300) {
      const errors = json?.[this.spec.errorEnvelope.container];
      if (json?.status !== this.spec.errorEnvelope.status || !errors || typeof errors !== 'object')
        fail('expected the error envelope');
      if (e.key && !(e.key in errors)) fail(`expected the error key ${e.key}, got ${Object.keys(errors).join(', ')}`);
      return;
    }
    if (json?.status !== 'success') fail(`expected status success`);
    if (e.schema) {
      const name = this.schemas.get(e.schema);
      if (!name) fail(`no response schema for ${e.schema}`);
      const problem = this.validate(name!, json);
      if (problem) fail(`the answer does not match ${name}: ${problem}`);
    }
    for (const [k, v] of Object.entries(e.equals ?? {}))
      if (JSON.stringify(json[k]) !== JSON.stringify(v))
        fail(`expected ${k} = ${JSON.stringify(v)}, got ${JSON.stringify(json[k])}`);
  }

  async setup(): Promise<void> {
    const { reply, shown } = await this.send({ method: 'GET', path: '/ownership/' });
    const body = this.expectOk(reply, shown, "listing users (the suite needs the users' ids)", 'listOwnership');
    const users = (body.users ?? []) as { id: number; email: string }[];
    const find = (c: Credentials) => users.find((u) => u.email.toLowerCase() === c.email.toLowerCase())?.id;
    const me = find(this.opts.users[0]);
    const user2 = find(this.opts.users[1]);
    if (me === undefined || user2 === undefined)
      throw new CheckFailure(
        'both --user accounts must be users of one account (GET /ownership/ lists them)',
        shown,
        excerpt(reply.text),
      );
    this.ids = { me, user2 };
  }

  async cleanup(): Promise<void> {
    for (const { kind, id } of this.created.reverse())
      await this.send({ method: 'DELETE', path: `/${kind}/${id}/` }).catch(() => undefined);
    for (const id of this.hooks) await this.send({ method: 'DELETE', path: `/hooks/${id}` }).catch(() => undefined);
  }

  async run(checks: Check[]): Promise<CheckResult[]> {
    const results: CheckResult[] = [];
    let setupError: CheckFailure | undefined;
    try {
      await this.setup();
    } catch (e) {
      setupError = e instanceof CheckFailure ? e : new CheckFailure(String(e));
      // Not implemented yet: run on, so the report names every operation still missing.
      if (setupError.notImplemented) ((setupError = undefined), (this.ids = { me: 0, user2: 0 }));
    }
    try {
      for (const check of checks) {
        const started = performance.now();
        const before = this.requests;
        const base = { id: check.id, group: check.group, title: check.title, at: check.at, operation: check.operation };
        let result: CheckResult;
        if (check.run === 'webhook' && !this.opts.webhooks)
          result = { ...base, status: 'skipped', message: 'needs --webhooks HOST:PORT', ms: 0, requests: 0 };
        else if (check.run === 'fuzz' && this.opts.fuzz <= 0)
          result = { ...base, status: 'skipped', message: 'needs --fuzz N', ms: 0, requests: 0 };
        else
          try {
            if (setupError) throw setupError;
            const message = await this.runCheck(check);
            result = {
              ...base,
              status: 'passed',
              ...(message ? { message } : {}),
              ms: performance.now() - started,
              requests: this.requests - before,
            };
          } catch (e) {
            const f = e instanceof CheckFailure ? e : new CheckFailure(e instanceof Error ? e.message : String(e));
            result = {
              ...base,
              status: 'failed',
              message: f.message,
              ms: performance.now() - started,
              requests: this.requests - before,
              ...(f.request ? { request: f.request } : {}),
              ...(f.response ? { response: f.response } : {}),
              ...(f.notImplemented ? { notImplemented: true, operation: f.operation ?? check.operation } : {}),
            };
          }
        results.push(result);
        this.opts.onResult?.(result);
      }
    } finally {
      await this.receiver?.close();
      if (!setupError) await this.cleanup();
    }
    return results;
  }

  private async runCheck(check: Check): Promise<string | void> {
    switch (check.run) {
      case 'steps': {
        const vars = new Map<string, number>();
        this.missingFixture = undefined;
        try {
          for (const s of check.steps) await this.step(s, vars);
        } catch (e) {
          if (e instanceof CheckFailure && e.notImplemented) throw e;
          throw this.missingFixture ?? e;
        }
        if (this.missingFixture) throw this.missingFixture;
        return;
      }
      case 'list':
        return this.listCheck(check);
      case 'batch':
        return this.batchCheck(check);
      case 'webhook':
        return this.webhookCheck(check);
      case 'fuzz':
        return this.fuzzCheck(check);
    }
  }

  private async listCheck(check: Extract<Check, { run: 'list' }>): Promise<void> {
    const prefix = `${this.tag}list`;
    const names = [`${prefix} b`, `${prefix} a`, `${prefix} c`];
    const ids: number[] = [];
    for (const n of names) {
      const { reply, shown } = await this.send({
        method: 'POST',
        path: `/${check.kind}/`,
        body: { [check.nameField]: n },
      });
      ids.push(this.expectOk(reply, shown, 'creating a record').item.id);
    }
    const list = async (query: Record<string, string>) => {
      const { reply, shown } = await this.send({ method: 'GET', path: `/${check.kind}/`, query });
      const body = this.expectOk(reply, shown, 'listing');
      const got = Object.keys(body)
        .filter((k) => /^id\d+$/.test(k))
        .map((k) => body[k].id as number);
      return { got, count: body.count as number, shown, reply };
    };
    const byName = [ids[1], ids[0], ids[2]];
    const cases: [Record<string, string>, number[], number][] = [
      [{ searchmode: 'Sany', searchvalue: prefix, sortfield: check.sortField, sortdir: 'ASC' }, byName, 3],
      [
        { searchmode: 'Sany', searchvalue: prefix, sortfield: check.sortField, sortdir: 'DESC' },
        [...byName].reverse(),
        3,
      ],
      [{ searchmode: 'Cany', searchvalue: `${this.tag}list a`, sortfield: check.sortField }, [ids[1]], 1],
      [
        { searchmode: 'Sany', searchvalue: prefix, sortfield: check.sortField, sortdir: 'ASC', start: '1', limit: '1' },
        [byName[1]],
        3,
      ],
    ];
    for (const [query, want, count] of cases) {
      const r = await list(query);
      if (JSON.stringify(r.got) !== JSON.stringify(want) || r.count !== count)
        throw this.failure(
          `expected ids ${want.join(',')} (count ${count}), got ${r.got.join(',')} (count ${r.count})`,
          r.shown,
          r.reply,
        );
    }
  }

  private async batchCheck(check: Extract<Check, { run: 'batch' }>): Promise<void> {
    const boundary = `verify_${this.tag}`;
    const parts = (n: number) => {
      let body = '';
      for (let i = 0; i < n; i++)
        body += `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <part-${i}>\r\n\r\nGET /ownership/ HTTP/1.1\r\nAccept: application/json\r\n\r\n\r\n`;
      return `${body}--${boundary}--\r\n`;
    };
    const post = async (n: number) => {
      this.requests++;
      const url = `${this.opts.url}${this.spec.batch.path}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: basic(this.opts.users[0]),
          'content-type': `${this.spec.batch.contentType}; boundary=${boundary}`,
          accept: 'application/json',
        },
        body: parts(n),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return {
        reply: {
          status: res.status,
          headers: res.headers,
          text,
          json: /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined,
        } as Reply,
        shown: `POST ${url} (${n} parts of GET /ownership/)`,
      };
    };
    const used = (r: Reply) => Number((r.headers.get(check.quotaHeader) ?? '').split('/')[0]);
    if (check.rule === 'limit') {
      const { reply, shown } = await post(check.maxParts + 1);
      return this.expect({ status: 400, key: 'toomanyparts' }, reply, shown);
    }
    if (check.rule === 'echo') {
      const { reply, shown } = await post(2);
      if (reply.status !== this.spec.batch.outerStatus)
        throw this.failure(`expected ${this.spec.batch.outerStatus}`, shown, reply);
      for (const i of [0, 1]) {
        // Echoed as sent or with the response- prefix of RFC 2046 batch conventions.
        const at = Math.max(
          reply.text.indexOf(`Content-ID: <part-${i}>`),
          reply.text.indexOf(`Content-ID: <response-part-${i}>`),
        );
        if (at < 0) throw this.failure(`part ${i}: Content-ID not echoed`, shown, reply);
        if (!/^[\s\S]*?HTTP\/1\.1 200/.test(reply.text.slice(at)))
          throw this.failure(`part ${i}: no 200 answer`, shown, reply);
      }
      return;
    }
    const first = await this.send({ method: 'GET', path: '/ownership/' });
    const batch = await post(3);
    const after = await this.send({ method: 'GET', path: '/ownership/' });
    const counted = used(after.reply) - used(first.reply);
    // The batch's 3 parts and the last call; other clients of the user may add more.
    if (!(counted >= 4))
      throw this.failure(
        `the quota moved by ${counted} over a 3-part batch and one call (expected at least 4)`,
        batch.shown,
        batch.reply,
      );
  }

  private receiver?: {
    close(): Promise<void>;
    wait(path: string, ms: number): Promise<{ headers: IncomingMessage['headers']; body: string } | undefined>;
  };

  private async startReceiver(): Promise<NonNullable<Runner['receiver']>> {
    if (this.receiver) return this.receiver;
    const { host, port } = this.opts.webhooks!;
    const got = new Map<string, { headers: IncomingMessage['headers']; body: string }[]>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const list = got.get(req.url ?? '') ?? [];
        list.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        got.set(req.url ?? '', list);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
    this.receiver = {
      close: () => new Promise<void>((r) => server.close(() => r())),
      wait: async (path, ms) => {
        const until = Date.now() + ms;
        while (Date.now() < until) {
          const first = got.get(path)?.[0];
          if (first) return first;
          await new Promise((r) => setTimeout(r, 100));
        }
        return undefined;
      },
    };
    return this.receiver;
  }

  private async webhookCheck(check: Extract<Check, { run: 'webhook' }>): Promise<void> {
    const receiver = await this.startReceiver();
    const { host, port } = this.opts.webhooks!;
    const path = `/${this.tag}/${check.event}`;
    const secret = `secret-${this.tag}`;
    const hookUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
    const created = await this.send({
      method: 'POST',
      path: '/hooks/',
      body: { event: check.event, url: hookUrl, secret, contenttype: 'json', title: `verify ${this.tag}` },
    });
    const hookId = this.expectOk(created.reply, created.shown, 'creating the hook').id as number;
    const vars = new Map<string, number>();
    const k = check.kind;
    try {
      const [family, action] = check.event.split('.');
      const act = `{freshact:${k}:${check.segment}}`;
      const trigger: VerifyRequest[] =
        family === 'items'
          ? ({
              create: [{ method: 'POST', path: `/${k}/`, body: { [this.suite.nameFields[k]]: `verify ${this.tag}` } }],
              update: [
                {
                  method: 'PUT',
                  path: `/${k}/{fresh:${k}}/`,
                  body: { [this.suite.nameFields[k]]: `verify ${this.tag} changed` },
                },
              ],
              delete: [{ method: 'DELETE', path: `/${k}/{fresh:${k}}/` }],
              categorize: [
                {
                  method: 'PUT',
                  path: `/${k}/{fresh:${k}}/`,
                  body: { categories: { add: { category: ['{category}'] } } },
                },
              ],
              uncategorize: [
                {
                  method: 'PUT',
                  path: `/${k}/{fresh:${k}}/`,
                  body: { categories: { add: { category: ['{category}'] } } },
                },
                {
                  method: 'PUT',
                  path: `/${k}/{fresh:${k}}/`,
                  body: { categories: { remove: { category: ['{category}'] } } },
                },
              ],
            }[action] ?? [])
          : ({
              create: [
                {
                  method: 'POST',
                  path: `/${k}/${check.segment}/`,
                  body: { parent: `{record:${k}}`, data: this.suite.fixtures[check.segment] },
                },
              ],
              update: [{ method: 'PUT', path: `/${k}/${check.segment}/${act}`, body: { data: {} } }],
              delete: [{ method: 'DELETE', path: `/${k}/${check.segment}/${act}/` }],
            }[action] ?? []);
      if (!trigger.length) throw new CheckFailure(`no API call causes ${check.event}`);
      let last: { reply: Reply; shown: string } | undefined;
      for (const req of trigger) {
        const withCategory = JSON.stringify(req.body ?? {}).includes('{category}') ? await this.category(k, req) : req;
        last = await this.send(withCategory, vars);
        this.expectOk(last.reply, last.shown, `causing ${check.event}`);
      }
      const delivery = await receiver.wait(path, 15_000);
      if (!delivery)
        throw new CheckFailure(`no ${check.event} notification reached ${hookUrl} within 15 s`, last?.shown);
      const shown = `POST ${hookUrl} (delivery)\n${check.header}: ${delivery.headers[check.header.toLowerCase()]}`;
      const expected = createHmac('sha256', secret).update(delivery.body, 'utf8').digest('hex');
      if (delivery.headers[check.header.toLowerCase()] !== expected)
        throw new CheckFailure(
          `${check.header} is not the HMAC-SHA256 of the body (expected ${expected})`,
          shown,
          excerpt(delivery.body),
        );
      let body: any;
      try {
        body = JSON.parse(delivery.body);
      } catch {
        throw new CheckFailure(
          'the notification body is not JSON (the hook asked for json)',
          shown,
          excerpt(delivery.body),
        );
      }
      const problem = this.validate(`notification.${check.family}`, body);
      if (problem)
        throw new CheckFailure(
          `the notification does not match notification.${check.family}: ${problem}`,
          shown,
          excerpt(delivery.body),
        );
      if (body.type !== check.event)
        throw new CheckFailure(`type is ${body.type}, expected ${check.event}`, shown, excerpt(delivery.body));
    } finally {
      await this.send({ method: 'DELETE', path: `/hooks/${hookId}` });
      this.hooks.delete(hookId);
    }
  }

  private readonly categories = new Map<string, number>();
  /** A category tag of the kind, made once per run. */
  private async categoryOf(kind: string): Promise<number> {
    let id = this.categories.get(kind);
    if (id === undefined) {
      const { reply, shown } = await this.send({
        method: 'POST',
        path: `/${kind}/categories/`,
        body: { name: `verify ${this.tag}` },
      });
      id = this.expectOk(reply, shown, 'creating a category', 'createCategory').id as number;
      this.categories.set(kind, id!);
    }
    return id!;
  }

  private async category(kind: string, req: VerifyRequest): Promise<VerifyRequest> {
    return JSON.parse(JSON.stringify(req).replaceAll('"{category}"', String(await this.categoryOf(kind))));
  }

  /** One fuzz case: the data sent and the key expected (none: success). */
  private fuzzCases(): fc.Arbitrary<{ segment: string; data: Record<string, unknown>; key?: string }> {
    const segments = Object.keys(this.suite.fixtures).filter(
      (s) =>
        this.suite.chains[s]?.length === 1 && !this.suite.uploads[s].length && !this.suite.onePerParent.includes(s),
    );
    const valid = (f: FieldRule): fc.Arbitrary<unknown> | undefined => {
      const s = f.shape;
      if (s.values) {
        const vals = (this.suite.values[s.values] ?? []).filter((v) => !String(v).includes('{'));
        return s.type === 'enum' && vals.length ? fc.constantFrom(...vals) : undefined;
      }
      switch (s.type) {
        case 'integer':
          return fc.integer({ min: s.min ?? -1000, max: s.max ?? 100000 });
        case 'text':
          return fc.string({ maxLength: 40 }).map((t) => t.replace(/[\u0000-\u001f\ud800-\udfff\ufffe\uffff]/g, ''));
        case 'flag':
          return f.notTrueOnCreate ? fc.constant(0) : fc.constantFrom(0, 1);
        case 'date':
          return fc
            .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        case 'decimal':
          return fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100);
        default:
          return undefined;
      }
    };
    const invalid = (f: FieldRule): fc.Arbitrary<[unknown, string]> | undefined => {
      const s = f.shape;
      if (s.type === 'enum' && s.values) return fc.constant(['verify-unlisted', 'notinlist']);
      if (s.type === 'integer' && s.max !== undefined)
        return fc.integer({ min: s.max + 1, max: s.max + 1000 }).map((v) => [v, 'outofrange']);
      if (s.type === 'integer' && s.min !== undefined)
        return fc.integer({ min: s.min - 1000, max: s.min - 1 }).map((v) => [v, 'outofrange']);
      if (s.type === 'integer') return fc.constantFrom('twelve', '1.5x').map((v) => [v, 'invalidvalue']);
      if (s.type === 'date')
        return fc.constantFrom('2026-13-01', '2026-02-30', 'tomorrow').map((v) => [v, 'invaliddate']);
      return undefined;
    };
    return fc.constantFrom(...segments).chain((segment) => {
      const rules = this.suite.fields[segment].filter((f) => !f.when && valid(f));
      const base = fc.record(Object.fromEntries(rules.map((f) => [f.name, valid(f)!])), {
        requiredKeys: rules.filter((f) => f.required).map((f) => f.name),
      });
      const breakable = rules.filter((f) => invalid(f));
      const broken = breakable.length
        ? fc.constantFrom(...breakable).chain((f) => invalid(f)!.map(([v, key]) => ({ name: f.name, v, key })))
        : fc.constant(undefined);
      const unknown = fc.constant({ name: 'verifyunknownfield', v: 'x', key: 'incorrectfield' });
      return fc.tuple(base, fc.oneof(fc.constant(undefined), broken, unknown)).map(([data, bad]) => ({
        segment,
        data: bad ? { ...data, [bad.name]: bad.v } : data,
        ...(bad ? { key: bad.key } : {}),
      }));
    });
  }

  private async fuzzCheck(check: Extract<Check, { run: 'fuzz' }>): Promise<string> {
    const cases = fc.sample(this.fuzzCases(), { seed: this.opts.seed, numRuns: this.opts.fuzz });
    const started = performance.now();
    for (const [i, c] of cases.entries()) {
      const { reply, shown } = await this.send({
        method: 'POST',
        path: `/${check.kind}/${c.segment}/`,
        body: { parent: `{record:${check.kind}}`, data: c.data },
      });
      const where = `fuzz case ${i} of seed ${this.opts.seed}`;
      if (reply.status >= 500) throw this.failure(`${where}: a ${reply.status}`, shown, reply);
      if (c.key) this.expect({ status: 400, key: c.key }, reply, shown);
      else if (reply.status !== 200)
        throw this.failure(`${where}: a valid activity was refused (${reply.status})`, shown, reply);
    }
    const seconds = (performance.now() - started) / 1000;
    return `${cases.length} requests, seed ${this.opts.seed}, ${(cases.length / seconds).toFixed(0)} req/s`;
  }
}
