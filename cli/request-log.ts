// The request log of `crmgen serve`: one line on stderr per request, per batch part and per
// webhook delivery attempt. JSON lines use pino's field names (level, time, pid, hostname, msg,
// reqId, req, res, responseTime), so pino-pretty and log shippers read them as they are.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { CallRecord, ServiceRequest, ServiceResponse } from '../generated/server/dist/index.js';
import type { DeliveryAttempt } from '../server/webhooks.ts';

export type LogFormat = 'pretty' | 'json' | 'none';

export interface RequestLogOptions {
  format: LogFormat;
  /** --log-bodies: request and response bodies (and request headers), secrets redacted. */
  bodies: boolean;
  write?: (line: string) => void;
  /** Pretty lines are coloured on a terminal. */
  color?: boolean;
}

/** Who made a call, and the secrets of theirs that must never reach the log. */
export interface Caller {
  user: string;
  userId: number;
}

export interface RequestLog {
  call(record: CallRecord<unknown>, caller: Caller | undefined): void;
  /** A request answered outside the API pipeline (docs, health, metrics, preflight, 413). */
  plain(request: { method: string; url: string; id: string }, response: ServiceResponse, ms: number): void;
  delivery(attempt: DeliveryAttempt): void;
}

const REDACTED = '[Redacted]';
// Field names whose values are credentials: API tokens, hook secrets, passwords.
const secretName = /^(authorization|password|passwd|secret|token|apitoken|api_token|apikey|api_key|x-api-key)$/i;
const maxBodyChars = 8192;

/**
 * The text with credentials replaced: values of secret-named JSON members, XML elements and form
 * fields, Authorization header lines (batch parts carry their own), and the given literal secrets.
 */
export function redactText(text: string, secrets: string[] = []): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  // JSON members: "secret": "..."
  out = out.replace(/("([A-Za-z_-]+)"\s*:\s*)"(?:[^"\\]|\\.)*"/g, (m, head: string, name: string) => (secretName.test(name) ? `${head}"${REDACTED}"` : m));
  // XML elements: <secret>...</secret>
  out = out.replace(/<([A-Za-z_-]+)>([^<]*)<\/\1>/g, (m, name: string) => (secretName.test(name) ? `<${name}>${REDACTED}</${name}>` : m));
  // Form fields: secret=...&
  out = out.replace(/(^|[&?\s])([A-Za-z_-]+)=([^&\s]*)/g, (m, lead: string, name: string) => (secretName.test(name) ? `${lead}${name}=${REDACTED}` : m));
  // Header lines of batch parts: Authorization: Basic ...
  out = out.replace(/^(authorization|x-api-key)[ \t]*:[^\r\n]*/gim, (_m, name: string) => `${name}: ${REDACTED}`);
  return out;
}

function bodyText(body: Uint8Array, secrets: string[]): string | undefined {
  if (!body.byteLength) return undefined;
  const text = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, maxBodyChars * 4)).toString('utf8');
  const clipped = text.length > maxBodyChars ? `${text.slice(0, maxBodyChars)}... (${body.byteLength} bytes)` : text;
  return redactText(clipped, secrets);
}

function headersOf(req: ServiceRequest, secrets: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = secretName.test(k) || k === 'cookie' ? REDACTED : redactText(v, secrets);
  return out;
}

/** X-Request-Id from the client when it is short printable ASCII of safe characters; else a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  const text = Array.isArray(given) ? given[0] : given;
  return text !== undefined && /^[A-Za-z0-9._:@/+=-]{1,128}$/.test(text) ? text : randomUUID();
}

const pid = process.pid;
const host = hostname();
// pino's numeric levels.
const levelOf = (status: number | undefined) => (status === undefined || status >= 500 ? 50 : status >= 400 ? 40 : 30);

export function createRequestLog(o: RequestLogOptions): RequestLog {
  const write = o.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (o.format === 'none') return { call() {}, plain() {}, delivery() {} };
  const paint = (code: number, text: string) => (o.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const statusColor = (s: number) => (s >= 500 ? 31 : s >= 400 ? 33 : 32);
  const ms = (n: number) => Math.round(n * 100) / 100;

  function call(r: CallRecord<unknown>, caller: Caller | undefined) {
    const id = r.batch ? String(r.batch.request.headers['x-request-id'] ?? '') : String(r.request.headers['x-request-id'] ?? '');
    const secrets: string[] = [];
    const status = r.response.status;
    const quota = r.quota ? `${r.quota.used}/${r.quota.allowed}` : undefined;
    if (o.format === 'json') {
      const line: Record<string, unknown> = {
        level: levelOf(status),
        time: Date.now(),
        pid,
        hostname: host,
        reqId: id,
        req: { method: r.request.method, url: redactText(r.request.url, secrets) },
        res: { statusCode: status },
        responseTime: ms(r.ms),
      };
      if (r.batch) line.part = { index: r.batch.index, ...(r.batch.contentId === undefined ? {} : { contentId: r.batch.contentId }) };
      if (r.operation) line.operation = r.operation;
      if (caller) line.user = caller.user;
      if (quota) line.quota = quota;
      if (r.errors.length) line.errors = r.errors;
      if (o.bodies) {
        (line.req as Record<string, unknown>).headers = headersOf(r.request, secrets);
        const req = bodyText(r.request.body, secrets);
        const res = bodyText(r.response.body, secrets);
        if (req !== undefined) line.reqBody = req;
        if (res !== undefined) line.resBody = res;
      }
      line.msg = r.batch ? 'batch part completed' : 'request completed';
      write(JSON.stringify(line));
      return;
    }
    const head = r.batch ? `  part ${r.batch.index + 1}${r.batch.contentId === undefined ? '' : ` <${r.batch.contentId}>`}` : `${new Date().toISOString()} ${id}`;
    let line = `${head} ${r.request.method} ${redactText(r.request.url, secrets)} ${paint(statusColor(status), String(status))} ${ms(r.ms)}ms`;
    if (caller) line += ` ${caller.user}`;
    if (quota) line += ` quota ${quota}`;
    if (r.errors.length) line += ` ${paint(33, r.errors.join(','))}`;
    if (o.bodies) {
      const req = bodyText(r.request.body, secrets);
      const res = bodyText(r.response.body, secrets);
      if (req !== undefined) line += `\n    > ${req.replace(/\n/g, '\n    > ')}`;
      if (res !== undefined) line += `\n    < ${res.replace(/\n/g, '\n    < ')}`;
    }
    write(line);
  }

  function plain(req: { method: string; url: string; id: string }, res: ServiceResponse, took: number) {
    if (o.format === 'json') {
      write(JSON.stringify({ level: levelOf(res.status), time: Date.now(), pid, hostname: host, reqId: req.id, req: { method: req.method, url: req.url }, res: { statusCode: res.status }, responseTime: ms(took), msg: 'request completed' }));
      return;
    }
    write(`${new Date().toISOString()} ${req.id} ${req.method} ${req.url} ${paint(statusColor(res.status), String(res.status))} ${ms(took)}ms`);
  }

  function delivery(a: DeliveryAttempt) {
    if (o.format === 'json') {
      const line: Record<string, unknown> = { level: a.outcome === 'failed' ? 50 : a.outcome === 'retry' ? 40 : 30, time: Date.now(), pid, hostname: host, hook: a.hook, delivery: a.delivery, event: a.event, objectId: a.objectId, attempt: a.attempt, outcome: a.outcome, responseTime: ms(a.ms) };
      if (a.status !== undefined) line.statusCode = a.status;
      if (a.error) line.error = a.error;
      line.msg = 'webhook delivery';
      write(JSON.stringify(line));
      return;
    }
    const status = a.status === undefined ? paint(31, a.error) : paint(statusColor(a.status), String(a.status));
    write(`${new Date().toISOString()} webhook hook ${a.hook} ${a.event} ${a.objectId} attempt ${a.attempt} ${status} ${ms(a.ms)}ms ${a.outcome}`);
  }

  return { call, plain, delivery };
}
