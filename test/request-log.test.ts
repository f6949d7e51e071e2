// Redaction of the request log (--log-bodies), on the decoded message (cli/log-redaction.ts):
// whatever a secret looks like on the wire, in JSON, XML, form and multipart bodies, query strings,
// batch parts and their headers, it never reaches the log line.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequestLog, requestIdOf } from '../cli/request-log.ts';
import { presentedToken, redactBody, redactHeaders, redactUrl } from '../cli/log-redaction.ts';
import type { CallRecord } from '../generated/server/dist/index.js';

const bytes = (s: string) => new TextEncoder().encode(s);
// Secrets as the API lets clients write them: printable, without the delimiters of their format.
const secret = fc.string({
  minLength: 4,
  maxLength: 40,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~!$()*+,;:@/'.split('')),
});
const field = fc.constantFrom('secret', 'token', 'password', 'apikey', 'Secret', 'TOKEN');
const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A secret as each wire format can spell it, one body per spelling (the five bypasses of issue 35 among them). */
function spellings(name: string, s: string): [string, string, string][] {
  const escapedName = name.replace(/e/, '\\u0065').replace(/^s/, '\\u0073');
  const pct = (t: string) => [...t].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  return [
    ['json', 'application/json', JSON.stringify({ url: 'https://h.example/in', [name]: s, title: 'kept' })],
    [
      'json, escaped name',
      'application/json',
      `{"url":"https://h.example/in","${escapedName}":${JSON.stringify(s)},"title":"kept"}`,
    ],
    [
      'json, escaped value',
      'application/json',
      `{"${name}":"${[...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}","title":"kept"}`,
    ],
    ['json, wrapped', 'application/json', JSON.stringify({ request: { [name]: s, title: 'kept' } })],
    ['xml', 'application/xml', `<request><${name}>${xmlEsc(s)}</${name}><title>kept</title></request>`],
    ['xml, CDATA', 'application/xml', `<request><${name}><![CDATA[${s}]]></${name}><title>kept</title></request>`],
    [
      'xml, attribute on the element',
      'text/xml',
      `<request><${name} kind="x">${xmlEsc(s)}</${name}><title>kept</title></request>`,
    ],
    [
      'xml, value in an attribute',
      'application/xml',
      `<request><${name} value="${xmlEsc(s).replace(/"/g, '&quot;')}"/><title>kept</title></request>`,
    ],
    [
      'xml, attribute named so',
      'application/xml',
      `<request><hook ${name}="${xmlEsc(s).replace(/"/g, '&quot;')}"/><title>kept</title></request>`,
    ],
    [
      'xml, space in the end tag',
      'application/xml',
      `<request><${name}>${xmlEsc(s)}</${name} ><title>kept</title></request>`,
    ],
    [
      'xml, character references',
      'application/xml',
      `<request><${name}>${[...s].map((c) => `&#${c.charCodeAt(0)};`).join('')}</${name}><title>kept</title></request>`,
    ],
    ['xml, no Content-Type', '', `<request><${name}>${xmlEsc(s)}</${name}><title>kept</title></request>`],
    ['form', 'application/x-www-form-urlencoded', `url=x&${name}=${encodeURIComponent(s)}&title=kept`],
    [
      'form, escaped name',
      'application/x-www-form-urlencoded',
      `url=x&${name.slice(0, -1)}${pct(name.slice(-1))}=${encodeURIComponent(s)}&title=kept`,
    ],
    ['form, escaped value', 'application/x-www-form-urlencoded', `${name}=${pct(s)}&title=kept`],
    ['form, bracket path', 'application/x-www-form-urlencoded', `data[${name}]=${encodeURIComponent(s)}&title=kept`],
  ];
}

/** The same bodies as parts of one batch (the last part carrying its own Authorization). */
function batchOf(bodies: [string, string, string][], token: string): { contentType: string; body: string } {
  const parts = bodies.map(
    ([, type, body], i) =>
      `--b\r\nContent-Type: application/http\r\nContent-ID: <p${i}>\r\n\r\nPOST /hooks/ HTTP/1.1\r\n${type ? `Content-Type: ${type}\r\n` : ''}` +
      `${i === bodies.length - 1 ? `Authorization: Basic ${Buffer.from(`a@b.example:${token}`).toString('base64')}\r\n` : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}\r\n`,
  );
  return { contentType: 'multipart/mixed; boundary=b', body: `${parts.join('')}--b--\r\n` };
}

/** Every spelling's redacted text and the batch's, as one string. */
async function logged(name: string, s: string): Promise<string> {
  const cases = spellings(name, s);
  const outs = await Promise.all(cases.map(([, type, body]) => redactBody(bytes(body), type, 'request', [])));
  const batch = batchOf(cases, `${s}-token`);
  outs.push(await redactBody(bytes(batch.body), batch.contentType, 'request', []));
  return outs.join('\n');
}

describe('redactBody', () => {
  it('removes secret-named values however JSON, XML and form spell the name or the value, alone and in batch parts', async () => {
    await fc.assert(
      fc.asyncProperty(secret, field, async (s, name) => {
        // The log's own text (headers, lengths, markup) may hold s by chance ("ngth" of content-length):
        // the same bodies with a secret of '#', outside the alphabet, show what that text is.
        const around = await logged(name, '#'.repeat(s.length));
        fc.pre(!around.toLowerCase().includes(s.toLowerCase()) && !name.toLowerCase().includes(s.toLowerCase()));
        const cases = spellings(name, s);
        for (const [what, type, body] of cases) {
          const out = (await redactBody(bytes(body), type, 'request', []))!;
          expect(out, `${what}: ${body}`).not.toContain(s);
          expect(out, what).toContain('kept');
          expect(out, what).toContain('[Redacted]');
        }
        const batch = batchOf(cases, `${s}-token`);
        const out = (await redactBody(bytes(batch.body), batch.contentType, 'request', []))!;
        expect(out).not.toContain(s);
        expect(out.match(/kept/g)).toHaveLength(cases.length);
        expect(out).toMatch(/^authorization: \[Redacted\]$/m);
      }),
      { numRuns: 60 },
    );
  });

  it('the five bypasses of issue 35, one by one', async () => {
    const s = 'hunter2-hook-secret';
    const cases: [string, string][] = [
      ['application/json', `{"s\\u0065cret":"${s}","title":"kept"}`],
      ['application/xml', `<request><secret><![CDATA[${s}]]></secret><title>kept</title></request>`],
      ['application/xml', `<request><secret a="1">${s}</secret><title>kept</title></request>`],
      ['application/xml', `<request><secret>${s}</secret ><title>kept</title></request>`],
      ['application/x-www-form-urlencoded', `secre%74=${s}&title=kept`],
    ];
    for (const [type, body] of cases) {
      const out = (await redactBody(bytes(body), type, 'request', []))!;
      expect(out, body).not.toContain(s);
      expect(out, body).toContain('kept');
    }
  });

  it('multipart/form-data: secret-named fields redacted, files by name and size only', async () => {
    const s = 'multipart-secret-0451';
    const body = [
      '--m\r\nContent-Disposition: form-data; name="title"\r\n\r\nkept\r\n',
      `--m\r\nContent-Disposition: form-data; name="Secret"\r\n\r\n${s}\r\n`,
      `--m\r\nContent-Disposition: form-data; name="data[token]"\r\n\r\n${s}\r\n`,
      `--m\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${s}\r\n`,
      '--m--\r\n',
    ].join('');
    const out = (await redactBody(bytes(body), 'multipart/form-data; boundary=m', 'request', []))!;
    expect(out).not.toContain(s);
    expect(out).toContain('title=kept');
    expect(out).toContain('file=[file "a.txt", 21 bytes]');
  });

  it('a body that cannot be decoded is not logged, only its size', async () => {
    for (const [type, body] of [
      ['application/json', '{"secret": "abcd-1234'],
      ['application/xml', '<request><secret>abcd-1234</secret>'],
      ['text/plain', 'secret=abcd-1234'],
    ]) {
      const out = (await redactBody(bytes(body!), type, 'request', []))!;
      expect(out).not.toContain('abcd-1234');
      expect(out).toMatch(/^\[\d+ bytes of .*not logged/);
    }
  });

  it('blanks the caller token in values, headers and the URL; secret-named query parameters, decoded', () => {
    expect(presentedToken(`Basic ${Buffer.from('ann@example.com:tok:en-1').toString('base64')}`)).toBe('tok:en-1');
    expect(redactUrl('/contacts/?q=my-token-1&secre%74=abc&x=1', ['my-token-1'])).toBe(
      '/contacts/?q=[Redacted]&secret=[Redacted]&x=1',
    );
    expect(
      redactHeaders({ authorization: 'Basic x', 'x-note': 'has my-token-1', accept: 'a' }, ['my-token-1']),
    ).toEqual({ authorization: '[Redacted]', 'x-note': 'has [Redacted]', accept: 'a' });
  });
});

describe('the request log clips bodies after redaction', () => {
  it('a secret across the clip point is not half logged', async () => {
    const s = 'S'.repeat(40) + '-tail-of-the-secret';
    for (const pad of [8170, 8180, 8192, 8200]) {
      const body = JSON.stringify({ title: 'x'.repeat(pad - 12), secret: s });
      const lines: string[] = [];
      const log = createRequestLog({ format: 'json', bodies: true, write: (l) => lines.push(l) });
      const record: CallRecord<unknown> = {
        request: { method: 'POST', url: '/hooks/', headers: { 'content-type': 'application/json' }, body: bytes(body) },
        response: { status: 201, headers: {}, body: new Uint8Array() },
        errors: [],
        ms: 1,
      };
      log.call(record, undefined);
      for (let i = 0; i < 100 && !lines.length; i++) await new Promise((ok) => setTimeout(ok, 5));
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain('SSSS');
      expect(lines[0]).not.toContain('tail-of');
    }
  });
});

describe('requestIdOf', () => {
  it('keeps a sane id and replaces anything else with a UUID', () => {
    expect(requestIdOf('abc-123_X.y:z@w/+=')).toBe('abc-123_X.y:z@w/+=');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'ünïcode', 'line\nbreak', undefined])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdOf(['first-id', 'second'])).toBe('first-id');
  });
});

describe('createRequestLog', () => {
  it('--log-format none writes nothing', () => {
    const lines: string[] = [];
    const log = createRequestLog({ format: 'none', bodies: true, write: (l) => lines.push(l) });
    log.plain({ method: 'GET', url: '/healthz', id: 'x' }, { status: 200, headers: {}, body: new Uint8Array() }, 1);
    expect(lines).toEqual([]);
  });
});
