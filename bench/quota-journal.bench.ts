// The cost of the quota journal (FILE-quota, issue 35) on the request path: countCalls on a SQLite
// file opened as crmgen serve opens it (each count written to the journal before the call runs),
// against the same file opened without it (the in-memory count alone, as before). Rounds alternate.
// Run: npx tsx bench/quota-journal.bench.ts (BENCH_QUOTA_CALLS, default 100000 per round), or npm run bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSqlite } from '../server/storage/sqlite.ts';
import { hashToken } from '../server/tokens.ts';
import { formatTable, stats, type Row } from './lib.ts';

const calls = Math.max(1000, Number(process.env.BENCH_QUOTA_CALLS) || 100_000);
const rounds = 3;

/** Milliseconds per 1000 countCalls (10 users, one window) on a new file. */
async function round(dir: string, serve: boolean, n: number): Promise<number> {
  const s = openSqlite(join(dir, `r${n}-${serve ? 'journal' : 'memory'}.sqlite`), { serve });
  try {
    const userIds = await s.transaction(async (tx) => {
      const a = await tx.ensureAccount('bench');
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        ids.push(
          (
            await tx.addUser({
              accountId: a.id,
              email: `u${i}@example.com`,
              name: 'u',
              tokenHash: hashToken(`t${i}`),
              preventlogin: 0,
              preventprivatedata: 0,
              administrator: 0,
            })
          ).id,
        );
      }
      return ids;
    });
    const window = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    for (let i = 0; i < 1000; i++) await s.countCalls(userIds[i % 10]!, window, 1); // warm-up
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await s.countCalls(userIds[i % 10]!, window, 1);
    return ((performance.now() - t0) / calls) * 1000;
  } finally {
    await s.close();
  }
}

export default async function quotaJournalBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-quota-bench-'));
  try {
    const without: number[] = [];
    const withJournal: number[] = [];
    for (let r = 0; r < rounds; r++) {
      without.push(await round(dir, false, r));
      withJournal.push(await round(dir, true, r));
    }
    const base = stats(without);
    const journal = stats(withJournal);
    const row = (name: string, s: { medianMs: number; minMs: number }, ratio: number): Row => ({
      bench: 'quota',
      case: name,
      runs: rounds,
      ...s,
      ratio,
      opsPerSec: Math.round(1_000_000 / s.medianMs),
      note: `${s.medianMs.toFixed(2)} us per call`, // ms per 1000 calls = us per call
    });
    return [
      row('1000 countCalls, in memory only', base, 1),
      row('1000 countCalls, journaled (crmgen serve)', journal, journal.medianMs / base.medianMs),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await quotaJournalBench()));
}
