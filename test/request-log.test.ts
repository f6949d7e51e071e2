// Redaction of the request log (--log-bodies): whatever a secret looks like, in JSON, XML, form
// bodies, query strings and batch part headers, it never reaches the log line.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequestLog, redactText, requestIdOf } from '../cli/request-log.ts';

// Secrets as the API lets clients write them: printable, without the delimiters of their format.
const secret = fc.string({ minLength: 4, maxLength: 40, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~!$()*+,;:@/'.split('')) });
const field = fc.constantFrom('secret', 'token', 'password', 'apikey', 'Secret', 'TOKEN');

describe('redactText', () => {
  it('removes secret-named values from JSON, XML and form bodies', () => {
    fc.assert(
      fc.property(secret, field, (s, name) => {
        const json = JSON.stringify({ url: 'https://hooks.example.com/in', [name]: s, title: 'kept' });
        const xml = `<request><url>https://hooks.example.com/in</url><${name}>${s}</${name}><title>kept</title></request>`;
        const form = `url=https%3A%2F%2Fhooks.example.com&${name}=${encodeURIComponent(s)}&title=kept`;
        for (const [text, value] of [[json, s], [xml, s], [form, encodeURIComponent(s)]] as const) {
          // A value that also occurs in the rest of the text cannot be told apart from it.
          fc.pre(!text.replace(value, '').includes(value) && !'[Redacted]'.includes(value));
          const out = redactText(text);
          expect(out).not.toContain(value);
          expect(out).toContain('kept');
          expect(out).toContain('[Redacted]');
        }
      }),
    );
  });

  it('removes the literal secrets it is given wherever they are, and Authorization header lines', () => {
    fc.assert(
      fc.property(secret, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (s, before, after) => {
        fc.pre(!'[Redacted]'.includes(s) && !'Authorization'.includes(s));
        const out = redactText(`${before}${s}${after}\r\nAuthorization: Basic ${Buffer.from(`a@b.example:${s}`).toString('base64')}\r\n`, [s]);
        expect(out).not.toContain(s);
        expect(out).not.toMatch(/Authorization: Basic/);
      }),
    );
  });
});

describe('requestIdOf', () => {
  it('keeps a sane id and replaces anything else with a UUID', () => {
    expect(requestIdOf('abc-123_X.y:z@w/+=')).toBe('abc-123_X.y:z@w/+=');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'ünïcode', 'line\nbreak', undefined]) expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
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
