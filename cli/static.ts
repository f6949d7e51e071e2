// Unauthenticated reference material beside the API: the generated docs at /docs/ and the
// OpenAPI document at /openapi.json (and .yaml), read from the generated/ folder the service was built from.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { ServiceResponse } from '../generated/server/dist/runtime/service.js';
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function file(path: string): ServiceResponse | undefined {
  if (!existsSync(path) || !statSync(path).isFile()) return undefined;
  return {
    status: 200,
    headers: { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-cache' },
    body: new Uint8Array(readFileSync(path)),
  };
}

/** The docs and OpenAPI document of a generated/ folder, for the HTTP shell's `before` hook. */
export const staticFiles = (generated: string) => (req: IncomingMessage) => serveStatic(generated, req);

function serveStatic(generated: string, req: IncomingMessage): ServiceResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  // Every API call passes here: a plain path outside /docs and /openapi.* needs no URL parsing.
  const raw = req.url ?? '/';
  if (raw.startsWith('/') && !/[%\\]|\/\./.test(raw) && !raw.startsWith('/docs') && !raw.startsWith('/openapi.'))
    return undefined;
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  if (path === '/openapi.json' || path === '/openapi.yaml') return file(join(generated, path.slice(1)));
  if (path === '/docs') return { status: 301, headers: { location: '/docs/' }, body: new Uint8Array() };
  if (!path.startsWith('/docs/')) return undefined;
  const rel = normalize(path.slice('/docs/'.length) || 'index.html');
  if (rel.startsWith('..')) return undefined;
  const target = join(generated, 'docs', rel.endsWith('/') ? `${rel}index.html` : rel);
  return file(target);
}
