// The request log of `crmgen serve`: one line on stderr per request, per batch part and per
// webhook delivery attempt. JSON lines use pino's field names (level, time, pid, hostname, msg,
// reqId, req, res, responseTime), so pino-pretty and log shippers read them as they are.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { CallRecord, ServiceRequest, ServiceResponse } from '../generated/server/dist/index.js';
import type { DeliveryAttempt } from '../server/webhooks.ts';
import { presentedToken, redactBody, redactHeaders, redactUrl } from './log-redaction.ts';

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

const maxBodyChars = 8192;

/** A body for the log: redacted on its decoded form (./log-redaction.ts), then clipped (never inside a secret, gone by then). */
async function bodyText(
  body: Uint8Array,
  contentType: string | string[] | undefined,
  role: 'request' | 'response',
  literals: string[],
): Promise<string | undefined> {
  const text = await redactBody(body, Array.isArray(contentType) ? contentType[0] : contentType, role, literals);
  if (text === undefined || text.length <= maxBodyChars) return text;
  // Not between the two halves of a surrogate pair.
  const cut = /[\uD800-\uDBFF]/.test(text[maxBodyChars - 1]!) ? maxBodyChars - 1 : maxBodyChars;
  return `${text.slice(0, cut)}... (${body.byteLength} bytes)`;
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

  // Lines are written in the order calls end; with --log-bodies a body is decoded first (a
  // multipart one asynchronously), so each line waits for the ones before it.
  let queue: Promise<void> = Promise.resolve();
  function call(r: CallRecord<unknown>, caller: Caller | undefined) {
    // The caller's token is blanked wherever it occurs (a batch part holds the outer headers).
    const token = presentedToken(String(r.request.headers.authorization ?? ''));
    const literals = token === undefined ? [] : [token];
    if (!o.bodies) return callLine(r, caller, literals, undefined);
    const bodies = Promise.all([
      bodyText(r.request.body, r.request.headers['content-type'], 'request', literals),
      bodyText(r.response.body, r.response.headers['content-type'], 'response', literals),
    ]);
    queue = queue
      .then(() => bodies.then(([req, res]) => callLine(r, caller, literals, { req, res })))
      .catch((e: unknown) => {
        write(`crmgen: request log: ${e instanceof Error ? e.message : String(e)}`);
      });
  }

  function callLine(
    r: CallRecord<unknown>,
    caller: Caller | undefined,
    literals: string[],
    bodies: { req: string | undefined; res: string | undefined } | undefined,
  ) {
    const id = r.batch
      ? String(r.batch.request.headers['x-request-id'] ?? '')
      : String(r.request.headers['x-request-id'] ?? '');
    const status = r.response.status;
    const quota = r.quota ? `${r.quota.used}/${r.quota.allowed}` : undefined;
    const url = redactUrl(r.request.url, literals);
    if (o.format === 'json') {
      const line: Record<string, unknown> = {
        level: levelOf(status),
        time: Date.now(),
        pid,
        hostname: host,
        reqId: id,
        req: { method: r.request.method, url },
        res: { statusCode: status },
        responseTime: ms(r.ms),
      };
      if (r.batch)
        line.part = {
          index: r.batch.index,
          ...(r.batch.contentId === undefined ? {} : { contentId: r.batch.contentId }),
        };
      if (r.operation) line.operation = r.operation;
      if (caller) line.user = caller.user;
      if (quota) line.quota = quota;
      if (r.errors.length) line.errors = r.errors;
      if (bodies) {
        (line.req as Record<string, unknown>).headers = redactHeaders(r.request.headers, literals);
        if (bodies.req !== undefined) line.reqBody = bodies.req;
        if (bodies.res !== undefined) line.resBody = bodies.res;
      }
      line.msg = r.batch ? 'batch part completed' : 'request completed';
      write(JSON.stringify(line));
      return;
    }
    const head = r.batch
      ? `  part ${r.batch.index + 1}${r.batch.contentId === undefined ? '' : ` <${r.batch.contentId}>`}`
      : `${new Date().toISOString()} ${id}`;
    let line = `${head} ${r.request.method} ${url} ${paint(statusColor(status), String(status))} ${ms(r.ms)}ms`;
    if (caller) line += ` ${caller.user}`;
    if (quota) line += ` quota ${quota}`;
    if (r.errors.length) line += ` ${paint(33, r.errors.join(','))}`;
    if (bodies) {
      if (bodies.req !== undefined) line += `\n    > ${bodies.req.replace(/\n/g, '\n    > ')}`;
      if (bodies.res !== undefined) line += `\n    < ${bodies.res.replace(/\n/g, '\n    < ')}`;
    }
    write(line);
  }

  function plain(req: { method: string; url: string; id: string }, res: ServiceResponse, took: number) {
    // Secret-named query parameters go here too (a /metrics?token=... scraper).
    const url = redactUrl(req.url, []);
    if (o.format === 'json') {
      write(
        JSON.stringify({
          level: levelOf(res.status),
          time: Date.now(),
          pid,
          hostname: host,
          reqId: req.id,
          req: { method: req.method, url },
          res: { statusCode: res.status },
          responseTime: ms(took),
          msg: 'request completed',
        }),
      );
      return;
    }
    write(
      `${new Date().toISOString()} ${req.id} ${req.method} ${url} ${paint(statusColor(res.status), String(res.status))} ${ms(took)}ms`,
    );
  }

  function delivery(a: DeliveryAttempt) {
    if (o.format === 'json') {
      const line: Record<string, unknown> = {
        level: a.outcome === 'failed' ? 50 : a.outcome === 'retry' ? 40 : 30,
        time: Date.now(),
        pid,
        hostname: host,
        hook: a.hook,
        delivery: a.delivery,
        event: a.event,
        objectId: a.objectId,
        attempt: a.attempt,
        outcome: a.outcome,
        responseTime: ms(a.ms),
      };
      if (a.status !== undefined) line.statusCode = a.status;
      if (a.error) line.error = a.error;
      line.msg = 'webhook delivery';
      write(JSON.stringify(line));
      return;
    }
    const status = a.status === undefined ? paint(31, a.error) : paint(statusColor(a.status), String(a.status));
    write(
      `${new Date().toISOString()} webhook hook ${a.hook} ${a.event} ${a.objectId} attempt ${a.attempt} ${status} ${ms(a.ms)}ms ${a.outcome}`,
    );
  }

  return { call, plain, delivery };
}
