// The service starts from the CLI and answers over real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type RunningServer } from './support/server.ts';

const ann: [string, string] = ['ann@example.com', 'secret1'];
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ users: [`${ann[0]}:${ann[1]}`] });
});
afterAll(async () => {
  await server.stop();
});

describe('crmgen serve', () => {
  it('prints where it listens and creates, shows and lists a contact', async () => {
    expect(server.output()).toMatch(/crmgen listening on http:\/\/127\.0\.0\.1:\d+/);
    const created = await call(server.base, '/contacts/', {
      user: ann,
      contentType: 'application/json',
      accept: 'application/json',
      body: JSON.stringify({ firstname: 'Ann', lastname: 'Lee' }),
    });
    expect(created.status).toBe(201);
    const id = created.json().item.id as number;
    expect(created.headers.get('location')).toBe(`/contacts/${id}/`);
    expect(created.headers.get('content-length')).toBe(String(Buffer.byteLength(created.text)));
    const shown = await call(server.base, `/contacts/${id}`, { user: ann });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<name>Ann Lee</name>');
    const list = await call(server.base, '/contacts/?layout=1', { user: ann, accept: 'application/json' });
    expect(list.json()).toMatchObject({
      [`id${id}`]: { id, name: 'Ann Lee', firstname: 'Ann' },
      count: 1,
      status: 'success',
    });
  });

  it('refuses U+0000 in text with invalidcharacter, whatever the storage', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      contentType: 'application/json',
      accept: 'application/json',
      body: JSON.stringify({ firstname: 'A\u0000B' }),
    });
    expect(r.status).toBe(400);
    expect(r.json().errors).toEqual({
      invalidcharacter: 'Character not allowed in text: firstname (invalid character U+0000 at character 2)',
    });
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const other = await startServer({ users: ['bob@example.com:pw'] });
    const code = await other.stop('SIGTERM');
    expect({ code, signal: other.child.signalCode, output: other.output() }).toEqual({
      code: 0,
      signal: null,
      output: expect.stringContaining('SIGTERM, shutting down'),
    });
  });
});
