// runtime/connect.ts on its own: paging over a list function, notifications decoded by family
// (with the generated codecs' decode), and a connection and a whole client over the real
// transport talking HTTP to a small server on 127.0.0.1 that answers in XML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectWith,
  decodeNotificationWith,
  paginate,
  wholeClient,
  type Caller,
} from '../generator/targets/typescript/runtime/connect.ts';
import { Transport, ValidationError, type ClientCodec } from '../generator/targets/typescript/runtime/client.ts';
import { formText, xml } from '../generator/targets/typescript/runtime/formats.ts';
import type { Message } from '../generator/targets/typescript/runtime/codec.ts';
import { decode, encode, type CodecTarget } from '../generated/server/src/codecs/index.ts';

describe('paginate', () => {
  const names = { start: 'start', limit: 'limit', items: 'items', total: 'total' };
  const data = Array.from({ length: 7 }, (_, i) => i + 1);
  const pages: number[] = [];
  const list = async (p: { start?: number; limit: number }) => {
    pages.push(p.start ?? 0);
    return { items: data.slice(p.start ?? 0, (p.start ?? 0) + p.limit), total: data.length };
  };

  it('walks pages from the given start until the total', async () => {
    pages.length = 0;
    const seen: number[] = [];
    for await (const x of paginate(list, { limit: 3 }, names)) seen.push(x as number);
    expect(seen).toEqual(data);
    expect(pages).toEqual([0, 3, 6]);
    pages.length = 0;
    const rest: number[] = [];
    for await (const x of paginate(list, { start: 5, limit: 3 }, names)) rest.push(x as number);
    expect(rest).toEqual([6, 7]);
  });

  it('stops at an empty page even when the total says more', async () => {
    const short = async (p: { start?: number }) => ({ items: (p.start ?? 0) === 0 ? [1, 2] : [], total: 10 });
    const seen: unknown[] = [];
    for await (const x of paginate(short, {}, names)) seen.push(x);
    expect(seen).toEqual([1, 2]);
  });
});

describe('decodeNotificationWith', () => {
  const notifications = {
    families: ['items', 'activities'],
    first: 'notification/items',
    unknownTypeKey: 'invalidvalue',
  };
  const read = (target: string, format: 'xml' | 'json' | 'form', body: string) =>
    decode(target as CodecTarget, format, body).value;
  const body = (type: string) => JSON.stringify({ type, event: 'created' });

  it('decodes by the family of the type, and adds webhookId when given headers', () => {
    const note = { type: 'activities.create', content: { id: 4 } };
    const text = encode('notification/activities' as CodecTarget, 'json', note as never);
    const byType = decodeNotificationWith(read, notifications, text, 'application/json') as { type: string };
    expect(byType.type).toBe('activities.create');
    expect(byType).toEqual(decode('notification/activities' as CodecTarget, 'json', text).value);
    const withId = decodeNotificationWith(read, notifications, text, {
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
    }) as { webhookId?: string };
    expect(withId).toEqual({ ...byType, webhookId: 'msg_1' });
    expect(
      decodeNotificationWith(read, notifications, text, new Headers({ 'content-type': 'application/json' })),
    ).toEqual(byType);
  });

  it('refuses an unknown type with the given key', () => {
    let error: unknown;
    try {
      decodeNotificationWith(read, notifications, body('payments.create'), 'application/json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      { key: 'invalidvalue', message: 'unknown notification type payments.create' },
    ]);
    expect((error as ValidationError).local).toBe(true);
  });
});

describe('connectWith and wholeClient over HTTP', () => {
  let server: Server;
  let baseUrl = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/xml');
      res.setHeader('x-quota', '41/100');
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<response><name>Ann</name></response>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const response: Message = { root: 'response', desc: { k: 'o', f: { name: { k: 's', s: 't' } } } };
  const error: Message = { root: 'response', desc: { k: 'o', f: { status: { k: 's', s: 't' } } } };
  const api: Omit<ClientCodec, 'formats'> = {
    form: formText,
    error,
    limits: { maxDepth: 8, maxElements: 100, maxBytes: 10_000 },
    quotaHeader: 'x-quota',
    contentTypes: { xml: 'application/xml', json: 'application/json', form: 'application/x-www-form-urlencoded' },
    batch: { path: '/batch', maxParts: 10 },
  };
  const quota = { used: 41, allowed: 100 };
  const options = () => ({ baseUrl, email: 'a@example.com', token: 't', retry: { max: 0 } });

  it('a connection sends calls through the transport and keeps the quota', async () => {
    const c = connectWith(api, { ...options(), format: xml });
    expect(c.quota).toBeUndefined();
    expect(await c.call({ method: 'GET', path: '/people/1', response })).toEqual({ name: 'Ann' });
    expect(seen.at(-1)).toBe('GET /people/1');
    expect(c.quota).toEqual(quota);
    expect(typeof c.batch().send).toBe('function');
  });

  it('a whole client is the resources over the transport, with quota and batches of the same resources', async () => {
    const built: Caller[] = [];
    const resources = (c: Caller) => {
      built.push(c);
      return { person: (id: number) => c.call({ method: 'GET', path: `/people/${id}`, response }) };
    };
    const client = wholeClient(new Transport({ ...options(), format: 'xml' }, { ...api, formats: { xml } }), resources);
    expect(await client.person(2)).toEqual({ name: 'Ann' });
    expect(seen.at(-1)).toBe('GET /people/2');
    expect(client.quota).toEqual(quota);
    expect(Object.keys(client)).toEqual(['person', 'quota']);
    const batch = client.batch();
    expect(built).toHaveLength(2);
    expect(typeof batch.person).toBe('function');
    expect(typeof batch.send).toBe('function');
  });
});
