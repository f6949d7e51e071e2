// Redaction of the request log (--log-bodies) on the parsed message, not its text (issue 35). A
// body is decoded as the service decodes it (JSON, XML, form, multipart/form-data, batch parts,
// JSONP answers), every value under a secret name is replaced (names compared once decoded, so
// "s\u0065cret", secre%74, CDATA, attributes or `</secret >` change nothing), and the log shows
// the message written again from that tree. A body that cannot be decoded is not logged (only its
// size): which of its bytes are secret cannot be known. Clipping happens after redaction, so it
// never cuts through a secret. The caller's API token is also blanked wherever it occurs.
import { parseXml, type XmlElement } from '../generated/server/dist/runtime/xml.js';
import { parseForm } from '../generated/server/dist/runtime/codec.js';
import { parseJsonBody } from '../generated/server/dist/runtime/bodies.js';
import { parseBatchRequest, parseBatchResponse } from '../generated/server/dist/runtime/batch.js';
import { parseMultipartForm } from '../generated/server/dist/runtime/form-data.js';
import { spec } from '../server/facts.ts';

export const REDACTED = '[Redacted]';
/** Names whose values are credentials: API tokens, hook secrets, passwords (compared decoded, any case). */
const secretName =
  /^(authorization|password|passwd|secret|token|apitoken|api_token|apikey|api_key|x-api-key|cookie|proxy-authorization)$/i;

/** Whether a decoded field name names a secret: itself, its XML local name, or any part of a form path (data[secret]). */
export function isSecretName(name: string): boolean {
  if (secretName.test(name)) return true;
  const local = name.slice(name.lastIndexOf(':') + 1);
  if (secretName.test(local)) return true;
  return name.split(/[[\].]+/).some((part) => part !== '' && secretName.test(part));
}

/** Replaces every occurrence of each literal secret (4 characters or more) in a decoded text. */
export function blank(text: string, literals: readonly string[]): string {
  let out = text;
  for (const s of literals) if (s.length >= 4 && out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/** The API token of a Basic Authorization header (what follows the first ':' of its decoded credentials). */
export function presentedToken(authorization: string | undefined): string | undefined {
  const m = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : text.slice(colon + 1);
}

/** A URL with secret-named query parameters (names decoded) and the literals redacted. */
export function redactUrl(url: string, literals: readonly string[]): string {
  const q = url.indexOf('?');
  if (q < 0) return blank(url, literals);
  const pairs = parseFormSafe(url.slice(q + 1));
  if (!pairs) return `${blank(url.slice(0, q), literals)}?${REDACTED}`;
  return `${blank(url.slice(0, q), literals)}?${formText(pairs, literals)}`;
}

/** Headers with secret-named ones (batch parts' Authorization too) and the literals redacted. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  literals: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = isSecretName(k) ? REDACTED : blank(Array.isArray(v) ? v.join(', ') : v, literals);
  }
  return out;
}

const parseFormSafe = (text: string): [string, string][] | undefined => {
  try {
    return parseForm(text);
  } catch {
    return undefined;
  }
};

// Only what would make the pairs ambiguous is escaped: the log stays readable.
const formEscape = (s: string) => s.replace(/[%&=+#\s\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));
const formText = (pairs: [string, string][], literals: readonly string[]) =>
  pairs
    .map(([n, v]) => `${formEscape(blank(n, literals))}=${isSecretName(n) ? REDACTED : formEscape(blank(v, literals))}`)
    .join('&');

function redactJson(value: unknown, literals: readonly string[]): unknown {
  if (typeof value === 'string') return blank(value, literals);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, literals));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[blank(k, literals)] = isSecretName(k) ? REDACTED : redactJson(v, literals);
    return out;
  }
  return value;
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);

/** The element written again: a secret-named element keeps its name only; secret-named attributes lose their values. */
function xmlText(el: XmlElement, literals: readonly string[]): string {
  const name = blank(el.name, literals);
  if (isSecretName(el.name)) return `<${name}>${REDACTED}</${name}>`;
  const attrs = Object.entries(el.attrs ?? {})
    .map(([k, v]) => ` ${blank(k, literals)}="${isSecretName(k) ? REDACTED : xmlEscape(blank(v, literals))}"`)
    .join('');
  const inner = xmlEscape(blank(el.text, literals)) + el.children.map((c) => xmlText(c, literals)).join('');
  return inner === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

const limits = { maxDepth: 1000, maxElements: 10_000_000, maxBytes: Number.MAX_SAFE_INTEGER };
const lower = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const inputs = spec.formats.input;

type Kind = 'xml' | 'json' | 'jsonp' | 'form' | 'upload' | 'batch' | undefined;
/** The format of a body, as the service chooses it (no Content-Type: XML). */
function kindOf(contentType: string | undefined, role: 'request' | 'response'): Kind {
  const type = lower(contentType);
  if (type === '') return role === 'request' ? 'xml' : undefined;
  if ((inputs.json as readonly string[]).includes(type) || type === spec.formats.output.json) return 'json';
  if (type === spec.formats.output.jsonp) return 'jsonp';
  if ((inputs.form as readonly string[]).includes(type)) return 'form';
  if ((inputs.upload as readonly string[]).includes(type)) return 'upload';
  if ((inputs.xml as readonly string[]).includes(type) || type === spec.formats.output.xml) return 'xml';
  if (type === spec.batch.contentType) return 'batch';
  return undefined;
}

/**
 * A body as the log shows it: decoded, secrets redacted, written again; undefined for an empty
 * body; `[N bytes ..., not logged]` when it cannot be decoded.
 */
export async function redactBody(
  body: Uint8Array,
  contentType: string | undefined,
  role: 'request' | 'response',
  literals: readonly string[],
): Promise<string | undefined> {
  if (!body.byteLength) return undefined;
  const kind = kindOf(contentType, role);
  const unlogged = (why: string) =>
    `[${body.byteLength} bytes of ${lower(contentType) || 'no Content-Type'}, not logged: ${why}]`;
  try {
    switch (kind) {
      case 'json':
        return JSON.stringify(redactJson(parseJsonBody(body, limits), literals));
      case 'jsonp': {
        const text = Buffer.from(body).toString('utf8');
        const m = /^([A-Za-z0-9_.$]*)\(([^]*)\);?\s*$/.exec(text);
        if (!m) return unlogged('not a JSONP answer');
        return `${m[1]}(${JSON.stringify(redactJson(JSON.parse(m[2]!), literals))})`;
      }
      case 'xml':
        return xmlText(parseXml(body, limits), literals);
      case 'form':
        return formText(parseForm(body), literals);
      case 'upload': {
        const form = await parseMultipartForm(body, contentType!, Number.MAX_SAFE_INTEGER);
        const files = Object.entries(form.files).map(
          ([n, f]) =>
            `${formEscape(blank(n, literals))}=[file ${JSON.stringify(blank(f.filename, literals))}, ${f.data.byteLength} bytes]`,
        );
        return [
          formText(
            form.fields.map(([n, v]) => [n, String(v)]),
            literals,
          ),
          ...files,
        ]
          .filter((s) => s !== '')
          .join('&');
      }
      case 'batch':
        return await batchText(body, contentType, role, literals);
      default:
        return unlogged('not a format the service reads');
    }
  } catch (e) {
    return unlogged(`not decodable (${e instanceof Error ? e.message.slice(0, 80) : 'error'})`);
  }
}

/** A batch, part by part: request line or status, headers and body, each redacted. */
async function batchText(
  body: Uint8Array,
  contentType: string | undefined,
  role: 'request' | 'response',
  literals: readonly string[],
): Promise<string> {
  const out: string[] = [];
  if (role === 'request') {
    for (const [i, part] of parseBatchRequest(body, contentType, { maxParts: Number.MAX_SAFE_INTEGER }).entries()) {
      const headers = Object.entries(redactHeaders(part.headers, literals)).map(([k, v]) => `${k}: ${v}`);
      const text = await redactBody(part.body, part.headers['content-type'], 'request', literals);
      out.push(
        `[part ${i + 1}${part.contentId === undefined ? '' : ` <${blank(part.contentId, literals)}>`}] ${part.method} ${redactUrl(part.path, literals)}`,
        ...headers,
        ...(text === undefined ? [] : ['', text]),
      );
    }
  } else {
    for (const [i, part] of parseBatchResponse(body, contentType).entries()) {
      const headers = Object.entries(redactHeaders(part.headers, literals)).map(([k, v]) => `${k}: ${v}`);
      const text = await redactBody(part.body, part.headers['content-type'], 'response', literals);
      out.push(`[part ${i + 1}] ${part.status}`, ...headers, ...(text === undefined ? [] : ['', text]));
    }
  }
  return out.join('\n');
}
