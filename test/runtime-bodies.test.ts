// runtime/bodies.ts on its own: a small descriptor written here, read and written in the three
// formats through the real interpreter of runtime/codec.ts, with the limits and strictness given.
import { describe, expect, it } from 'vitest';
import {
  decodeXmlElement,
  CodecError,
  type Desc,
  type XmlDecoder,
} from '../generator/targets/typescript/runtime/codec.ts';
import {
  decodeBody,
  encodeBody,
  hasOwnerNamesCached,
  nameOwnersOf,
  parseJsonBody,
  type BodyMessage,
} from '../generator/targets/typescript/runtime/bodies.ts';

const S = (s: 't' | 'i'): Desc => ({ k: 's', s });
const desc: Desc = {
  k: 'o',
  f: { name: S('t'), size: S('i'), owner: S('i') },
  an: { a: 'cn', s: '@cn', f: ['owner'] },
};
const message: BodyMessage = { desc, root: 'request' };
const xmlDecoder: XmlDecoder = (el, opts, path) => decodeXmlElement(desc, el, opts, path);
const limits = { maxDepth: 4, maxElements: 50, maxBytes: 200 };
const strict = { strict: true, unwrapJsonRoot: true };
const lenient = { strict: false, unwrapJsonRoot: false };

describe('decodeBody', () => {
  it('reads the same value from XML, JSON and form bodies', () => {
    const expected = { value: { name: 'Ann', size: 3 }, issues: [] };
    expect(
      decodeBody(message, xmlDecoder, 'xml', '<request><name>Ann</name><size>3</size></request>', limits, strict),
    ).toEqual(expected);
    expect(decodeBody(message, xmlDecoder, 'json', '{"name":"Ann","size":3}', limits, strict)).toEqual(expected);
    expect(decodeBody(message, xmlDecoder, 'form', 'name=Ann&size=3', limits, strict)).toEqual(expected);
    expect(
      decodeBody(message, xmlDecoder, 'json', new TextEncoder().encode('{"name":"Ann","size":3}'), limits, strict),
    ).toEqual(expected);
    expect(decodeBody(message, xmlDecoder, 'form', { name: 'Ann', size: '3' }, limits, strict)).toEqual(expected);
  });

  it('unwraps a JSON root only when asked', () => {
    expect(decodeBody(message, xmlDecoder, 'json', '{"request":{"name":"Ann"}}', limits, strict).value).toEqual({
      name: 'Ann',
    });
    expect(
      decodeBody(message, xmlDecoder, 'json', '{"request":{"name":"Ann"}}', limits, {
        strict: true,
        unwrapJsonRoot: false,
      }).issues.map((i) => i.path),
    ).toEqual(['request']);
  });

  it('reports unknown fields when strict and ignores them otherwise', () => {
    const body = '<request><name>Ann</name><colour>red</colour></request>';
    expect(decodeBody(message, xmlDecoder, 'xml', body, limits, strict).issues.map((i) => [i.key, i.path])).toEqual([
      ['incorrectfield', 'colour'],
    ]);
    expect(decodeBody(message, xmlDecoder, 'xml', body, limits, lenient)).toEqual({
      value: { name: 'Ann' },
      issues: [],
    });
  });

  it('gives {} for an empty body', () => {
    expect(decodeBody(message, xmlDecoder, 'json', '  ', limits, strict).value).toEqual({});
    expect(decodeBody(message, xmlDecoder, 'form', '', limits, strict).value).toEqual({});
  });

  it('refuses what cannot be parsed with a CodecError', () => {
    expect(() => decodeBody(message, xmlDecoder, 'xml', { name: 'Ann' }, limits, strict)).toThrow(
      'XML bodies are text or bytes',
    );
    expect(() => decodeBody(message, xmlDecoder, 'xml', '<request><name>', limits, strict)).toThrow(CodecError);
    expect(() => parseJsonBody('{"name":', limits)).toThrow(/^malformed JSON: /);
    expect(() => parseJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]), limits)).toThrow('invalid UTF-8');
    expect(() => parseJsonBody(`{"name":"${'x'.repeat(300)}"}`, limits)).toThrow('body is larger than 200 bytes');
    expect(() => parseJsonBody('{"a":{"b":{"c":{"d":{"e":1}}}}}', limits)).toThrow(/nested deeper than 4 levels/);
  });
});

describe('encodeBody', () => {
  const value = { name: 'A&B', size: 2 };
  it('writes XML through the given encoder inside the root, JSON and form through the descriptor', () => {
    const xml = encodeBody(message, (v) => `<name>${String(v.name).replace('&', '&amp;')}</name>`, 'xml', value);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<request><name>A&amp;B</name></request>');
    expect(JSON.parse(encodeBody(message, () => '', 'json', value))).toEqual({ name: 'A&B', size: 2 });
    expect(new URLSearchParams(encodeBody(message, () => '', 'form', value)).get('name')).toBe('A&B');
  });
});

describe('owner names', () => {
  it('names owners of a message that has owner-valued fields, and says false for one that has none', () => {
    const v: Record<string, unknown> = { name: 'Ann', owner: 7 };
    expect(hasOwnerNamesCached(desc)).toBe(true);
    expect(hasOwnerNamesCached(desc)).toBe(true);
    expect(nameOwnersOf(desc, v, (id) => (id === 7 ? 'Bob' : undefined))).toBe(true);
    expect(v).toEqual({ name: 'Ann', owner: 7, 'owner@cn': 'Bob' });
    const plain: Desc = { k: 'o', f: { name: S('t') } };
    const w = { name: 'x' };
    expect(nameOwnersOf(plain, w, () => 'never')).toBe(false);
    expect(w).toEqual({ name: 'x' });
  });
});
