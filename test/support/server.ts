// Starts `crmgen serve` as a real child process on 127.0.0.1 with a free port, for tests that
// talk HTTP to the service. Every test file gets its own server and database.
import { spawn, type ChildProcess } from 'node:child_process';
import { cli, root } from './paths.ts';
import { createSchema, dropSchema } from './postgres.ts';

/**
 * CRMGEN_TEST_STORAGE=postgres (npm run test:postgres): a server started without a db of its
 * own runs on a fresh schema of the test PostgreSQL (test/support/postgres.ts), dropped at
 * stop(), instead of :memory:. A caller that passes `db` keeps it.
 */
export const testStorage: 'sqlite' | 'postgres' =
  process.env.CRMGEN_TEST_STORAGE === 'postgres' ? 'postgres' : 'sqlite';

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** Everything the server printed (stdout and stderr). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServeOptions {
  db?: string;
  users?: string[];
  args?: string[];
  env?: Record<string, string>;
  /** Time allowed for start-up (tsx compiles on first use). */
  timeoutMs?: number;
  /** Another crmgen checkout to run (a copy made by a test); default this one. */
  checkout?: string;
}

let window: number | undefined;
/**
 * A quota window of about an hour whose end is at least 15 minutes off. Windows are fixed
 * (multiples of their length since the epoch), so a test that ran across the spec's hourly reset
 * would see its counts start again; one value per test process, so instances agree on it.
 */
export function steadyQuotaWindow(): number {
  if (window === undefined) {
    const now = Date.now() / 1000;
    window = 3600;
    while (window - (now % window) < 900) window--;
  }
  return window;
}

export async function startServer(opts: ServeOptions = {}): Promise<RunningServer> {
  const pg = opts.db === undefined && testStorage === 'postgres' ? await createSchema('http') : undefined;
  const args = [
    opts.checkout ? `${opts.checkout}/bin/crmgen.js` : cli,
    'serve',
    '--port',
    '0',
    '--db',
    opts.db ?? pg?.url ?? ':memory:',
    ...(opts.users ?? []).flatMap((u) => ['--user', u]),
    ...(opts.args ?? []),
  ];
  if (!args.includes('--quota-window')) args.push('--quota-window', String(steadyQuotaWindow()));
  const child = spawn(process.execPath, args, {
    cwd: opts.checkout ?? root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${out}`)),
      opts.timeoutMs ?? 20_000,
    );
    const check = () => {
      const m = /crmgen listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  }).catch(async (e: unknown) => {
    if (pg) await dropSchema(pg.schema);
    throw e;
  });
  return dropSchemaOnStop(pg?.schema, {
    base,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        child.kill(signal);
      }),
  });
}

/**
 * A database for tests that need to name theirs (a restart on the same data, a CLI command on the
 * server's data): under CRMGEN_TEST_STORAGE=postgres a fresh schema's URL, else a SQLite file in
 * `dir`. drop() removes the schema (a SQLite file goes with its directory).
 */
export async function testDatabase(dir: string, name = 'crm.sqlite'): Promise<{ db: string; drop(): Promise<void> }> {
  if (testStorage !== 'postgres') return { db: `${dir}/${name}`, drop: async () => undefined };
  const { schema, url } = await createSchema('db');
  return { db: url, drop: () => dropSchema(schema) };
}

/** stop() of a server on a schema of its own also drops the schema (once the server is gone). */
function dropSchemaOnStop(schema: string | undefined, server: RunningServer): RunningServer {
  if (!schema) return server;
  let dropped: Promise<void> | undefined;
  return {
    ...server,
    async stop(signal) {
      const code = await server.stop(signal);
      dropped ??= dropSchema(schema);
      await dropped;
      return code;
    },
  };
}

export const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

export interface CallOptions {
  method?: string;
  auth?: string | null;
  body?: string | Uint8Array | FormData;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json(): any;
}

/** One HTTP call to the service; `auth` defaults to the given user. */
export async function call(
  base: string,
  path: string,
  opts: CallOptions & { user?: [string, string] } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...opts.headers };
  const auth = opts.auth === undefined ? (opts.user ? basic(...opts.user) : undefined) : opts.auth;
  if (auth) headers.authorization = auth;
  if (opts.contentType) headers['content-type'] = opts.contentType;
  if (opts.accept) headers.accept = opts.accept;
  const res = await fetch(base + path, {
    method: opts.method ?? (opts.body ? 'POST' : 'GET'),
    headers,
    body: opts.body as BodyInit | undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}
