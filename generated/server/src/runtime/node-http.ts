// Part of the crmgen runtime (runtime/node-http.ts), copied into this package by crmgen generate. Do not edit.
// The thin node:http shell around dispatch(request) -> response: admits a request from its head
// (credentials, quota, caps) before reading its body, reads the body (bounded), always answers
// with Content-Length (older clients cannot read chunked bodies), honours Connection: close.
// Server-side only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Admission, RequestHead, ServiceRequest, ServiceResponse } from './service.ts';

export interface HttpOptions {
  /** Bodies above this are answered 413 without reading them to the end. */
  maxBodyBytes: number;
  /** Answer for a body that is too large (the service's own error envelope). */
  tooLarge: (req: IncomingMessage) => ServiceResponse;
  /** Extra routes served before dispatch (docs, openapi); return undefined to pass. */
  before?: (req: IncomingMessage) => ServiceResponse | undefined;
  /**
   * Lets a request in from its head (authentication, quota) before the body is read; a refusal is
   * answered after reading at most `maxUnreadBodyDrainBytes` of the body, and the connection is
   * closed. Defaults to `dispatch.admit` when the dispatcher has one (createService's does).
   */
  admit?: (head: RequestHead) => Promise<{ refused: ServiceResponse } | { admission: Admission }>;
  /** Open connections past this get 503 (default: unlimited). */
  maxConnections?: number;
  /** Request bodies being received at once, in bytes, all clients together and per client address. */
  maxInFlightBytes?: number;
  maxInFlightBytesPerAddress?: number;
  /** How much of a refused request's body is read so that its client sees the answer (default 64 KiB). */
  maxUnreadBodyDrainBytes?: number;
  /** Answer past a cap (the service's 503 envelope); it should carry Retry-After. */
  busy?: (req: IncomingMessage) => ServiceResponse;
}

/**
 * Reads the body up to `max` bytes. Past the limit the rest is read and dropped (up to another
 * `max` bytes) before answering: a client that writes its whole body before reading the answer
 * (fetch, curl) then gets the 413 instead of a broken pipe. A body declared or found larger than
 * that is answered at once and the connection closed. `take(n)` books each chunk against the
 * in-flight caps; false stops the read.
 */
function readBody(
  req: IncomingMessage,
  max: number,
  take: (n: number) => boolean,
): Promise<Uint8Array | 'too-large' | 'busy'> {
  return new Promise((resolve, reject) => {
    const drainMax = 2 * max;
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > drainMax) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const stop = (r: 'too-large' | 'busy') => {
      done = true;
      req.pause();
      resolve(r);
    };
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > drainMax) return stop('too-large');
      if (size <= max) {
        if (!take(c.length)) return stop('busy');
        chunks.push(c);
      }
    });
    req.on('end', () => done || resolve(size > max ? 'too-large' : new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** Reads and drops a body of at most `max` bytes; false (nothing read) when it is larger or chunked. */
function drain(req: IncomingMessage, max: number): Promise<boolean> {
  const declared = req.headers['content-length'];
  if (req.complete || declared === '0' || (declared === undefined && req.headers['transfer-encoding'] === undefined))
    return Promise.resolve(true);
  if (declared === undefined || Number(declared) > max) return Promise.resolve(false);
  return new Promise((resolve) => {
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.pause();
        resolve(false);
      }
    });
    req.on('end', () => resolve(true));
    req.on('error', () => resolve(false));
  });
}

/**
 * After a refusal whose body stays unread. Closing a socket with unread data makes the kernel
 * reset the connection, and a reset makes the client drop the answer it has not read yet; so,
 * as nginx's lingering close does, we end our side, discard (never buffer) what still arrives
 * for up to two seconds or `max` bytes, and then drop the connection.
 */
function hangUp(req: IncomingMessage, max: number) {
  const socket = req.socket;
  // node ends and destroys a Connection: close socket once the answer is written; only end it.
  (socket as unknown as { destroySoon: () => void }).destroySoon = () => socket.end();
  let size = 0;
  const timer = setTimeout(() => socket.destroy(), 2000);
  timer.unref();
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > max) socket.destroy();
  });
  socket.once('close', () => clearTimeout(timer));
}

function send(res: ServerResponse, r: ServiceResponse, close: boolean) {
  // As a flat list of names and values: no copy of the headers object for one more member.
  const headers: string[] = [];
  for (const name in r.headers) headers.push(name, r.headers[name]!);
  headers.push('content-length', String(r.body.byteLength));
  if (close) headers.push('connection', 'close');
  res.writeHead(r.status, headers);
  res.end(r.body);
}

/**
 * Answers of dispatched calls, written together once the event loop's turn has run its callbacks
 * (setImmediate): a write to a client that waits in its poll wakes it, and on a busy machine each
 * wake-up could take the server's CPU away (writev was a fifth of a show's profile, four times
 * the bare node:http server's, whose client never waits). Written in one go, the answers of a turn
 * cost the client one wake-up. An answer waits at most for the rest of its turn.
 */
const answers: [ServerResponse, ServiceResponse, boolean][] = [];
function writeAnswers() {
  for (const [res, r, close] of answers.splice(0)) {
    try {
      send(res, r, close);
    } catch {
      // a connection that broke meanwhile: node:http drops what is written to it
    }
  }
}
function sendSoon(res: ServerResponse, r: ServiceResponse, close: boolean) {
  if (!answers.length) setImmediate(writeAnswers);
  answers.push([res, r, close]);
}

const plainBusy = (): ServiceResponse => ({
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' },
  body: new TextEncoder().encode('Service busy; retry later\n'),
});

export function createHttpServer(
  dispatch: ((r: ServiceRequest) => Promise<ServiceResponse>) & { admit?: HttpOptions['admit'] },
  opts: HttpOptions,
): Server {
  const admit = opts.admit ?? dispatch.admit;
  const busy = opts.busy ?? plainBusy;
  const drainMax = opts.maxUnreadBodyDrainBytes ?? 65536;
  // Connections past the cap are marked as they open and answered 503 on their first request.
  const overCap = new WeakSet<Socket>();
  let open = 0;
  // Bytes of request bodies held right now: a stranger cannot make the service buffer more.
  let inFlight = 0;
  const inFlightBy = new Map<string, number>();

  const server = createServer(async (req, res) => {
    const close = (req.headers.connection ?? '').toLowerCase() === 'close';
    const address = req.socket.remoteAddress ?? '';
    let held = 0;
    const take = (n: number): boolean => {
      const mine = inFlightBy.get(address) ?? 0;
      if (
        (opts.maxInFlightBytes !== undefined && inFlight + n > opts.maxInFlightBytes) ||
        (opts.maxInFlightBytesPerAddress !== undefined && mine + n > opts.maxInFlightBytesPerAddress)
      )
        return false;
      inFlight += n;
      inFlightBy.set(address, mine + n);
      held += n;
      return true;
    };
    try {
      if (overCap.has(req.socket)) {
        send(res, busy(req), true);
        return;
      }
      let early: ServiceResponse | undefined;
      try {
        early = opts.before?.(req);
      } catch {
        // A path the extra routes cannot even read (a broken %-escape) is not theirs: dispatch
        // answers it with the error envelope instead of a bare 500.
        early = undefined;
      }
      if (early) {
        req.resume();
        send(res, early, close);
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const k in req.headers) {
        const v = req.headers[k];
        headers[k] = Array.isArray(v) ? v.join(', ') : v;
      }
      const head: RequestHead = { method: req.method ?? 'GET', url: req.url ?? '/', headers, remoteAddress: address };
      if (Number(req.headers['content-length'] ?? '0') > 2 * opts.maxBodyBytes) {
        send(res, opts.tooLarge(req), true);
        return;
      }
      let admission: Admission | undefined;
      if (admit) {
        const a = await admit(head);
        if ('refused' in a) {
          // A small body is read so that a client writing all of it before reading still gets the
          // answer (and the connection lives on); a larger one is not read at all, and it closes.
          const drained = await drain(req, drainMax);
          if (!drained) hangUp(req, 2 * opts.maxBodyBytes);
          send(res, a.refused, close || !drained);
          return;
        }
        admission = a.admission;
      }
      // A declared body is booked whole before a byte of it is buffered.
      const declared = Number(req.headers['content-length'] ?? '0');
      if (declared > 0 && declared <= opts.maxBodyBytes && !take(declared)) {
        send(res, busy(req), true);
        return;
      }
      // A request without a body (no Content-Length, no Transfer-Encoding) has nothing to read.
      const length = req.headers['content-length'];
      const bodyless = length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined);
      const body = bodyless ? new Uint8Array() : await readBody(req, opts.maxBodyBytes, (n) => declared > 0 || take(n));
      if (body === 'too-large') {
        send(res, opts.tooLarge(req), true);
        return;
      }
      if (body === 'busy') {
        send(res, busy(req), true);
        return;
      }
      const r = await dispatch({
        method: head.method,
        url: head.url,
        headers: head.headers,
        remoteAddress: head.remoteAddress,
        body,
        admission,
      });
      sendSoon(res, r, close);
    } catch {
      // dispatch answers every failure itself; this is a broken connection.
      if (!res.headersSent)
        send(
          res,
          { status: 500, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Internal error') },
          true,
        );
    } finally {
      if (held) {
        inFlight -= held;
        const left = (inFlightBy.get(address) ?? 0) - held;
        if (left > 0) inFlightBy.set(address, left);
        else inFlightBy.delete(address);
      }
    }
  });
  server.on('connection', (socket: Socket) => {
    open++;
    if (opts.maxConnections !== undefined && open > opts.maxConnections) overCap.add(socket);
    socket.once('close', () => open--);
  });
  return server;
}
