// Runs `crmgen verify` as a real child process against a server, for test/*verify*.test.ts.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cli, root } from './paths.ts';

/** The users a verified reference service is started with: two of one account, one of another. */
export const verifyUsers = [
  'verify-a@example.com:token-a',
  'verify-b@example.com:token-b',
  'verify-o@example.com:token-o:elsewhere',
];
export const verifyArgs = [
  '--user',
  'verify-a@example.com:token-a',
  '--user',
  'verify-b@example.com:token-b',
  '--other-account',
  'verify-o@example.com:token-o',
];

/** A loopback port that was free a moment ago (for the webhook receiver). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject).listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface VerifyReport {
  passed: number;
  failed: number;
  skipped: number;
  notImplemented: string[];
  checks: {
    id: string;
    group: string;
    status: 'passed' | 'failed' | 'skipped';
    at: string;
    message?: string;
    operation: string;
  }[];
}

/** crmgen verify ARGS; resolves with its exit code and output (stdout, stderr). */
export function runVerify(
  args: string[],
  timeoutMs = 240_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'verify', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export const failedIds = (r: VerifyReport) =>
  r.checks
    .filter((c) => c.status === 'failed')
    .map((c) => c.id)
    .sort();
