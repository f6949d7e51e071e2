// Issue 19, finding 5: wrong credentials are throttled per client address and per address +
// e-mail (crmgen serve --login-failures / --login-failures-per-address / --login-window), over
// real HTTP on 127.0.0.1 (so every request comes from one address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type RunningServer } from './support/server.ts';

const ann: [string, string] = ['ann@example.com', 'ann-token'];
const bob: [string, string] = ['bob@example.com', 'bob-token'];
const cat: [string, string] = ['cat@example.com', 'cat-token'];
const users = [ann, bob, cat].map(([e, t]) => `${e}:${t}`);

const get = (base: string, user: [string, string] | null) =>
  call(base, '/contacts/', { accept: 'application/json', ...(user ? { user } : { auth: null }) });

function expectThrottled(r: Awaited<ReturnType<typeof get>>, maxSeconds: number) {
  expect(r.status).toBe(429);
  const wait = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(wait) && wait >= 1 && wait <= maxSeconds).toBe(true);
  expect(r.json()).toMatchObject({
    status: 'failed',
    errors: { toomanyfailedlogins: expect.stringContaining('Too many failed logins') },
  });
}

describe('failed logins within a long window (3 per address + e-mail, 6 per address, 60 s)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      users,
      args: ['--login-failures', '3', '--login-failures-per-address', '6', '--login-window', '60'],
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('many right logins at once never count: 40 parallel calls with the right token all succeed', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(server.base, cat)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
  });

  it('requests without Authorization get 401 and never count', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await get(server.base, null);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect((await get(server.base, ann)).status).toBe(200);
  });

  it('wrong tokens for one e-mail end in 429 with Retry-After, unchecked even for the right token; another e-mail still logs in', async () => {
    for (let i = 0; i < 3; i++) expect((await get(server.base, [ann[0], `wrong-${i}`])).status).toBe(401);
    expectThrottled(await get(server.base, [ann[0], 'wrong-3']), 60);
    // The credentials are not checked at all now, so a right guess is no longer told apart.
    expectThrottled(await get(server.base, ann), 60);
    // The same e-mail in another case is the same user.
    expectThrottled(await get(server.base, ['ANN@example.com', ann[1]]), 60);
    // Only ann's key from this address tripped: bob, from the same address, is let in.
    expect((await get(server.base, bob)).status).toBe(200);
    // Still no trip for credential-less requests: they are answered 401 as always.
    expect((await get(server.base, null)).status).toBe(401);
  });

  it('failures for several e-mails trip the address for every e-mail; a success in between does not reset it', async () => {
    // 3 of ann's so far; bob's success above did not clear them, and 3 of bob's make 6.
    for (let i = 0; i < 3; i++) expect((await get(server.base, [bob[0], `wrong-${i}`])).status).toBe(401);
    expectThrottled(await get(server.base, cat), 60);
    expectThrottled(await get(server.base, bob), 60);
  });
});

describe('failed logins within a short window (2 per address + e-mail, 1 s)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ users, args: ['--login-failures', '2', '--login-window', '1'] });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('after the window the user logs in again', async () => {
    for (let i = 0; i < 2; i++) expect((await get(server.base, [ann[0], `wrong-${i}`])).status).toBe(401);
    expectThrottled(await get(server.base, ann), 1);
    // Waiting (throttled answers do not count, so polling does not extend the wait).
    let status = 429;
    for (let i = 0; i < 50 && status === 429; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      status = (await get(server.base, ann)).status;
    }
    expect(status).toBe(200);
  });
});
