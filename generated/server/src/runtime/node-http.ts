// Part of the crmgen runtime (runtime/node-http.ts), copied into this package by crmgen generate. Do not edit.
// The thin node:http shell around dispatch(request) -> response: reads the body (bounded),
// always answers with Content-Length (older clients cannot read chunked bodies), honours
// Connection: close. Server-side only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ServiceRequest, ServiceResponse } from './service.ts';

export interface HttpOptions {
  /** Bodies above this are answered 413 without reading them to the end. */
  maxBodyBytes: number;
  /** Answer for a body that is too large (the service's own error envelope). */
  tooLarge: (req: IncomingMessage) => ServiceResponse;
  /** Extra routes served before dispatch (docs, openapi); return undefined to pass. */
  before?: (req: IncomingMessage) => ServiceResponse | undefined;
}

/**
 * Reads the body up to `max` bytes. Past the limit the rest is read and dropped (up to another
 * `max` bytes) before answering: a client that writes its whole body before reading the answer
 * (fetch, curl) then gets the 413 instead of a broken pipe. A body declared or found larger than
 * that is answered at once and the connection closed.
 */
function readBody(req: IncomingMessage, max: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((resolve, reject) => {
    const drainMax = 2 * max;
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > drainMax) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > drainMax) {
        resolve('too-large');
        req.pause();
        return;
      }
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => resolve(size > max ? 'too-large' : new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, r: ServiceResponse, close: boolean) {
  const headers: Record<string, string | number> = { ...r.headers, 'content-length': r.body.byteLength };
  if (close) headers.connection = 'close';
  res.writeHead(r.status, headers);
  res.end(r.body);
}

export function createHttpServer(dispatch: (r: ServiceRequest) => Promise<ServiceResponse>, opts: HttpOptions): Server {
  return createServer(async (req, res) => {
    const close = (req.headers.connection ?? '').toLowerCase() === 'close';
    try {
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
      const body = await readBody(req, opts.maxBodyBytes);
      if (body === 'too-large') {
        send(res, opts.tooLarge(req), true);
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const r = await dispatch({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body, remoteAddress: req.socket.remoteAddress });
      send(res, r, close);
    } catch {
      // dispatch answers every failure itself; this is a broken connection.
      if (!res.headersSent) send(res, { status: 500, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Internal error') }, true);
    }
  });
}
