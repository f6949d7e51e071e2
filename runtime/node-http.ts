// The thin node:http shell around dispatch(request) -> response: reads the body (bounded),
// always answers with Content-Length (older clients cannot read chunked bodies), honours
// Connection: close. Server-side only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ServiceRequest, ServiceResponse } from './service.ts';

export interface HttpOptions {
  /** Bodies above this are answered 413 without reading them to the end. */
  maxBodyBytes: number;
  /** Answer for a body that is too large (the service's own error envelope). */
  tooLarge: () => ServiceResponse;
  /** Extra routes served before dispatch (docs, openapi); return undefined to pass. */
  before?: (req: IncomingMessage) => ServiceResponse | undefined;
}

function readBody(req: IncomingMessage, max: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > max) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        resolve('too-large');
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
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
      const early = opts.before?.(req);
      if (early) {
        req.resume();
        send(res, early, close);
        return;
      }
      const body = await readBody(req, opts.maxBodyBytes);
      if (body === 'too-large') {
        send(res, opts.tooLarge(), true);
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const r = await dispatch({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body });
      send(res, r, close);
    } catch {
      // dispatch answers every failure itself; this is a broken connection.
      if (!res.headersSent) send(res, { status: 500, headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('Internal error') }, true);
    }
  });
}
