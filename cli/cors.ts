// CORS for `crmgen serve`, so a web app on another origin (a dev server on another port) can call
// the service from a browser. It wraps the HTTP shell's hooks (dispatch, before, tooLarge) instead
// of living in the request pipeline: the pipeline stays framework-neutral, and a preflight never
// reaches authentication (browsers send preflights without credentials).
// No API facts here: the caller passes the methods and the headers to expose. Only type imports
// from generated/, so cli/serve.ts can parse --cors-origin before --spec redirects generated/.
import type { IncomingMessage } from 'node:http';
import type {
  Admission,
  RequestHead,
  ServiceRequest,
  ServiceResponse,
} from '../generated/server/dist/runtime/service.js';
import { UsageError } from './db.ts';

/** One allowed origin; port '*' is any port (and none). */
interface OriginRule {
  protocol: string;
  hostname: string;
  port: string;
}

/** off: no CORS headers at all; any: `*` (no credentials); list: echo the origins that match. */
export type CorsPolicy = { mode: 'off' } | { mode: 'any' } | { mode: 'list'; rules: OriginRule[] };

/** Without --cors-origin: pages on any loopback origin, for local development. */
export const loopbackOrigins = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

function parseRule(text: string): OriginRule {
  const bad = () =>
    new UsageError(
      `--cors-origin expects an origin (https://app.example, http://localhost:5173, http://localhost:*), '*' or 'none'; got '${text}'`,
    );
  // `:*` is not a port the URL parser accepts; take it off and remember it.
  const anyPort = text.endsWith(':*');
  let url: URL;
  try {
    url = new URL(anyPort ? text.slice(0, -2) : text);
  } catch {
    throw bad();
  }
  const bare =
    url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !/[?#]$/.test(text);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || (anyPort && url.port)) throw bad();
  return { protocol: url.protocol, hostname: url.hostname, port: anyPort ? '*' : url.port };
}

/** The values of --cors-origin (repeatable); none given means the loopback default. */
export function corsPolicy(values: string[]): CorsPolicy {
  if (values.length === 0) return { mode: 'list', rules: loopbackOrigins.map(parseRule) };
  if (values.includes('none') || values.includes('*')) {
    if (values.length > 1)
      throw new UsageError(
        `--cors-origin ${values.includes('none') ? 'none' : "'*'"} cannot be combined with other origins`,
      );
    return values[0] === 'none' ? { mode: 'off' } : { mode: 'any' };
  }
  return { mode: 'list', rules: values.map(parseRule) };
}

/** What the response to `origin` may say: `*`, the origin itself, or nothing. */
function allowOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy.mode === 'off' || !origin) return undefined;
  if (policy.mode === 'any') return '*';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  // Only a canonical serialized origin: no path, no credentials, lower-case host, default port left out.
  if (url.origin !== origin) return undefined;
  const ok = policy.rules.some(
    (r) => r.protocol === url.protocol && r.hostname === url.hostname && (r.port === '*' || r.port === url.port),
  );
  return ok ? origin : undefined;
}

export interface CorsFacts {
  /** Access-Control-Allow-Methods: the API's methods. */
  methods: string[];
  /** Access-Control-Expose-Headers: response headers a page may read beyond the safelisted ones. */
  exposeHeaders: string[];
  /** Request headers always allowed in a preflight, besides the ones it asks for. */
  allowHeaders: string[];
  maxAgeSeconds: number;
}

export interface HttpHooks {
  dispatch: (r: ServiceRequest) => Promise<ServiceResponse>;
  admit?: (head: RequestHead) => Promise<{ refused: ServiceResponse } | { admission: Admission }>;
  busy?: (req: IncomingMessage) => ServiceResponse;
  before?: (req: IncomingMessage) => ServiceResponse | undefined;
  tooLarge: (req: IncomingMessage) => ServiceResponse;
}

const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Access-Control-Request-Headers when it is a short list of valid header names; else nothing is echoed. */
function requestedHeaders(text: string | undefined): string[] {
  if (!text || text.length > 1000) return [];
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return names.length <= 50 && names.every((n) => headerName.test(n)) ? names : [];
}

const header = (h: IncomingMessage['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Adds `Origin` to the response's Vary (its headers keep whatever case they came in). */
function withVary(headers: Record<string, string>, value: string): Record<string, string> {
  let key: string | undefined;
  for (const k in headers) {
    if (k.length === 4 && k.toLowerCase() === 'vary') {
      key = k;
      break;
    }
  }
  // Copied member by member: a literal spreading the headers before a named member costs microseconds.
  const out: Record<string, string> = {};
  for (const name in headers) out[name] = headers[name]!;
  out[key ?? 'vary'] = key ? `${headers[key]}, ${value}` : value;
  return out;
}

export function withCors(policy: CorsPolicy, facts: CorsFacts, hooks: HttpHooks): HttpHooks {
  if (policy.mode === 'off') return hooks;
  const empty = new Uint8Array();

  // Every answer varies by Origin once CORS is on: a cache must not hand one origin's headers to another.
  const decorate = (origin: string | undefined, r: ServiceResponse): ServiceResponse => {
    const allowed = allowOrigin(policy, origin);
    const headers = withVary(r.headers, 'Origin');
    if (allowed) {
      headers['access-control-allow-origin'] = allowed;
      headers['access-control-expose-headers'] = facts.exposeHeaders.join(', ');
      // Basic auth is a credential; the CORS rules forbid credentials with `*`.
      if (allowed !== '*') headers['access-control-allow-credentials'] = 'true';
    }
    return { status: r.status, headers, body: r.body };
  };

  const preflight = (req: IncomingMessage, origin: string): ServiceResponse => {
    const allowed = allowOrigin(policy, origin);
    // A disallowed origin gets a plain 403: the browser fails the call, and curl shows why.
    if (!allowed)
      return {
        status: 403,
        headers: { vary: 'Origin', 'content-type': 'text/plain; charset=utf-8' },
        body: new TextEncoder().encode(`CORS: origin ${origin} is not allowed (crmgen serve --cors-origin)\n`),
      };
    const asked = requestedHeaders(header(req.headers, 'access-control-request-headers'));
    const headers: Record<string, string> = {
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-origin': allowed,
      'access-control-allow-methods': facts.methods.join(', '),
      'access-control-allow-headers': [...new Set([...facts.allowHeaders, ...asked])].join(', '),
      'access-control-max-age': String(facts.maxAgeSeconds),
    };
    if (allowed !== '*') headers['access-control-allow-credentials'] = 'true';
    return { status: 204, headers, body: empty };
  };

  return {
    dispatch: async (r) => decorate(r.headers.origin, await hooks.dispatch(r)),
    before: (req) => {
      const origin = header(req.headers, 'origin');
      // A preflight is OPTIONS with Origin and Access-Control-Request-Method; answered here, before authentication.
      if (req.method === 'OPTIONS' && origin && header(req.headers, 'access-control-request-method'))
        return preflight(req, origin);
      const r = hooks.before?.(req);
      return r && decorate(origin, r);
    },
    tooLarge: (req) => decorate(header(req.headers, 'origin'), hooks.tooLarge(req)),
    ...(hooks.admit && {
      admit: async (head: RequestHead) => {
        const a = await hooks.admit!(head);
        return 'refused' in a ? { refused: decorate(head.headers.origin, a.refused) } : a;
      },
    }),
    ...(hooks.busy && { busy: (req: IncomingMessage) => decorate(header(req.headers, 'origin'), hooks.busy!(req)) }),
  };
}
