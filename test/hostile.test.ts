// Malformed and hostile bodies through the generated decoders: each gives a CodecError (the
// service answers 400 malformedrequest), never a crash, a hang or a wrong value.
import { describe, expect, it } from 'vitest';
import { decode, CodecError, xmlLimits } from '../generated/server/src/codecs/index.ts';
import { validateRequest } from '../generated/server/src/validators/index.ts';

const target = 'records/contacts.createRecord.request';
const decodes = (format: 'xml' | 'json' | 'form', body: string | Uint8Array) => () => decode(target, format, body);

describe('hostile XML', () => {
  it.each([
    ['unclosed tags', '<request><firstname>Ann</request>'],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><request><firstname>&lol2;</firstname></request>',
    ],
    [
      'an external entity',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><request><firstname>&x;</firstname></request>',
    ],
    ['an undefined entity', '<request><firstname>&nbsp;</firstname></request>'],
    ['10k-deep nesting', `<request>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</request>`],
    ['text after the root', '<request/>trailing'],
    ['two roots', '<request/><request/>'],
  ])('%s is a CodecError', (_name, body) => {
    expect(decodes('xml', body)).toThrow(CodecError);
  });

  it('a 50 MB body is refused before parsing, quickly', () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    big.set(new TextEncoder().encode('<request><firstname>'), 0);
    const t = performance.now();
    expect(decodes('xml', big)).toThrow(/larger than|too large|maxBytes|bytes/i);
    // Bounded work: refusing must not read the body element by element.
    expect(performance.now() - t).toBeLessThan(5_000);
    expect(big.length).toBeGreaterThan(xmlLimits.maxBytes);
  });

  it('invalid UTF-8 is refused', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('<request><firstname>'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('</firstname></request>'),
    ]);
    expect(decodes('xml', bytes)).toThrow(CodecError);
  });

  it('more elements than the limit are refused', () => {
    const body = `<request>${'<x/>'.repeat(xmlLimits.maxElements + 1)}</request>`;
    expect(decodes('xml', body)).toThrow(CodecError);
  });
});

describe('hostile JSON and form', () => {
  it.each([
    ['truncated', '{"firstname": "Ann"'],
    ['not JSON', 'firstname=Ann'],
  ])('%s JSON is a CodecError', (_name, body) => {
    expect(decodes('json', body)).toThrow(CodecError);
  });

  it('JSON nested deeper than the limit is a CodecError before parsing; at the limit it decodes', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(decodes('json', deep(100_000))).toThrow(
      new CodecError(`malformed JSON: nested deeper than ${xmlLimits.maxDepth} levels (limit ${xmlLimits.maxDepth})`),
    );
    expect(decodes('json', deep(xmlLimits.maxDepth + 1))).toThrow(CodecError);
    const { value } = decode(target, 'json', deep(xmlLimits.maxDepth));
    expect(Array.isArray(value)).toBe(true);
    expect(validateRequest(target, value).map((e) => e.key)).toEqual(['invalidvalue']);
  });

  it('a form key nested deeper than the limit is a CodecError', () => {
    expect(decodes('form', `a${'[b]'.repeat(100_000)}=1`)).toThrow(CodecError);
    expect(decodes('form', `a${'[b]'.repeat(xmlLimits.maxDepth)}=1`)).toThrow(CodecError);
    expect(decodes('form', `a${'[b]'.repeat(xmlLimits.maxDepth - 1)}=1`)).not.toThrow();
  });

  it('invalid UTF-8 in JSON is refused', () => {
    expect(decodes('json', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).toThrow(CodecError);
  });

  it('wrong types survive decoding as they are, for the validators to name', () => {
    const { value, issues } = decode(
      target,
      'json',
      '{"ownership": "me", "categories": {"add": ["x"]}, "firstname": {"nested": 1}}',
    );
    expect(issues).toEqual([]);
    expect(value).toEqual({ ownership: 'me', categories: { add: ['x'] }, firstname: { nested: 1 } });
  });

  it('prototype keys in JSON do not pollute objects', () => {
    const { value } = decode(target, 'json', '{"__proto__": {"polluted": 1}, "firstname": "Ann"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((value as Record<string, unknown>).firstname).toBe('Ann');
  });

  it('a huge form body with thousands of keys finishes', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `k${i}[a][b]=${i}`).join('&');
    const { issues } = decode(target, 'form', body);
    expect(issues.length).toBe(20_000);
  });
});
