// The cost of the quota journal (FILE-quota) on the request path: countCalls on a SQLite file with
// the journal (crmgen serve) against without it (the in-memory count alone, as before issue 35).
// npx tsx bench/quota-journal.bench.ts [CALLS]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../server/storage/sqlite.ts';
import { hashToken } from '../server/tokens.ts';

const calls = Number(process.argv[2] ?? 200_000);
const dir = mkdtempSync(join(tmpdir(), 'crmgen-quota-bench-'));

async function run(serve: boolean): Promise<number> {
  const file = join(dir, `${serve ? 'journal' : 'memory'}.sqlite`);
  const s = openSqlite(file, { serve });
  try {
    const userIds = await s.transaction(async (tx) => {
      const a = await tx.ensureAccount('bench');
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) ids.push((await tx.addUser({ accountId: a.id, email: `u${i}@example.com`, name: 'u', tokenHash: hashToken(`t${i}`), preventlogin: 0, preventprivatedata: 0, administrator: 0 })).id);
      return ids;
    });
    const window = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    for (let i = 0; i < 1000; i++) await s.countCalls(userIds[i % 10]!, window, 1); // warm-up
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await s.countCalls(userIds[i % 10]!, window, 1);
    return Number(process.hrtime.bigint() - t0) / calls / 1000;
  } finally {
    await s.close();
  }
}

try {
  const rows: [string, number][] = [];
  for (let round = 0; round < 3; round++) {
    rows.push(['without journal', await run(false)]);
    rmSync(join(dir, 'memory.sqlite'), { force: true });
    rows.push(['with journal', await run(true)]);
    rmSync(join(dir, 'journal.sqlite'), { force: true });
    rmSync(join(dir, 'journal.sqlite-quota'), { force: true });
  }
  for (const [name, us] of rows) console.log(`${name.padEnd(16)} ${us.toFixed(2)} us per countCalls`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
