// A throw-away PostgreSQL cluster for fault tests: initdb into a temporary folder as the postgres
// OS user, a port of its own on 127.0.0.1, never the shared test server. The tests restart it,
// kill its postmaster with SIGKILL and freeze it with SIGSTOP.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';

/** Why a throw-away cluster cannot be made here (no binaries, not root), or undefined. */
export function clusterUnavailable(): string | undefined {
  if (!existsSync(`${BIN}/initdb`)) return `no PostgreSQL binaries in ${BIN}`;
  if (process.getuid?.() !== 0) return 'not root (initdb runs as the postgres user)';
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres OS user';
  return undefined;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export class Cluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get data(): string {
    return join(this.dir, 'data');
  }

  /** The URL of the cluster's `postgres` database. */
  url(schema?: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres${schema ? `?schema=${schema}` : ''}`;
  }

  static async create(): Promise<Cluster> {
    // Under /tmp, not tmpdir(): the postgres user must reach the folder, and TMPDIR may be a
    // private one (the new-type run gives the suite a folder of its own, readable by root only).
    const dir = mkdtempSync(join('/tmp', 'crmgen-pg-'));
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
    const c = new Cluster(dir, await freePort());
    await c.asPostgres(`${BIN}/initdb`, [
      '-D',
      c.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '--no-instructions',
    ]);
    await c.start();
    return c;
  }

  /**
   * Runs a PostgreSQL program as the postgres user. Asynchronous: the test's load of HTTP calls
   * goes on (and its timings stay true) while the cluster restarts.
   */
  private asPostgres(cmd: string, args: string[]): Promise<string> {
    return new Promise((ok, fail) => {
      execFile(
        'runuser',
        ['-u', 'postgres', '--', cmd, ...args],
        // Run from the cluster's folder: the caller's may be closed to the postgres user.
        { encoding: 'utf8', timeout: 60_000, cwd: this.dir },
        (e, stdout, stderr) => {
          if (e) fail(new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${stdout}\n${stderr}`));
          else ok(stdout);
        },
      );
    });
  }

  private pgCtl(args: string[]): Promise<string> {
    const o = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
    const log = join(this.dir, 'log');
    return this.asPostgres(`${BIN}/pg_ctl`, ['-D', this.data, '-l', log, '-w', '-t', '60', '-o', o, ...args]);
  }

  async start(): Promise<void> {
    // After a SIGKILL of the postmaster its old backends may still be on their way out.
    for (let i = 0; ; i++) {
      try {
        await this.pgCtl(['start']);
        return;
      } catch (e) {
        if (i >= 20) throw e;
        await sleep(250);
      }
    }
  }

  async restartFast(): Promise<void> {
    await this.pgCtl(['restart', '-m', 'fast']);
  }

  async stop(): Promise<void> {
    await this.pgCtl(['stop', '-m', 'immediate']).catch(() => undefined); // already down
  }

  postmasterPid(): number {
    return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** The postmaster and every process it started. */
  processes(): number[] {
    const pm = this.postmasterPid();
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return (
            readFileSync(`/proc/${p}/stat`, 'utf8')
              .replace(/^.*\) /, '')
              .split(' ')[1] === String(pm)
          );
        } catch {
          return false;
        }
      })
      .map(Number);
    return [pm, ...children];
  }

  /** SIGKILL of the postmaster, as a crash would; its backends notice and exit. */
  async killPostmaster(): Promise<void> {
    const pm = this.postmasterPid();
    const all = this.processes();
    process.kill(pm, 'SIGKILL');
    // Backends exit on the postmaster's death; wait until they have (a new start needs that).
    for (let i = 0; i < 200 && all.some(alive); i++) await sleep(50);
  }

  /** Every process of the cluster stopped (SIGSTOP) until thaw(). */
  freeze(): number[] {
    const pids = this.processes();
    for (const p of pids) process.kill(p, 'SIGSTOP');
    return pids;
  }

  thaw(pids: number[]): void {
    for (const p of pids) {
      try {
        process.kill(p, 'SIGCONT');
      } catch {
        // gone
      }
    }
  }

  /** Whether the cluster accepts connections now. */
  async accepting(): Promise<boolean> {
    const c = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 1000 });
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
