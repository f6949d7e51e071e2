// Child process of the durability test (run with `node --import tsx`): writes through the SQLite
// adapter and then kills itself with SIGKILL, so nothing gets a chance to flush or checkpoint.
//   durability-child.ts <file> commit <n>   commits n transactions (one record each), prints the ids, dies
//   durability-child.ts <file> pending      dies inside an open transaction after writing a record
//   durability-child.ts <file> group        starts 12 transactions at once (each writes a record; a
//                                           quarter throw after it (the first too), a quarter then break a foreign
//                                           key), prints the ids of those that resolved and the WAL's
//                                           size before them, dies
//   durability-child.ts <file> index        the file has unindexed rows: dies inside the batch of the
//                                           indexer's first job, before its COMMIT; prints the marks
//                                           its writer saw then and the committed ones
import { statSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openSqlite } from '../../server/storage/sqlite.ts';

const [file, mode, count] = process.argv.slice(2);
if (!file || (mode !== 'commit' && mode !== 'pending' && mode !== 'group' && mode !== 'index')) {
  throw new Error('usage: durability-child.ts <file> commit <n> | pending | group | index');
}

const storage = openSqlite(file);
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};
const record = (accountId: number, name: string) => ({
  accountId,
  kind: 'contacts',
  name,
  ownership: 1,
  flagged: 0 as const,
  fields: { firstname: name, note: 'écrit avant le kill -9 ✓' },
  created: Date.now(),
  viewed: Date.now(),
  updated: Date.now(),
  creatorId: 1,
  creatorName: 'child',
  modificatorId: 1,
  modificatorName: 'child',
});

if (mode === 'commit') {
  const ids: number[] = [];
  for (let i = 0; i < Number(count ?? 1); i++) {
    ids.push(
      await storage.transaction(async (tx) => {
        const account = await tx.ensureAccount('durability');
        return (await tx.insertRecord(record(account.id, `committed ${i}`))).id;
      }),
    );
  }
  // stdout is a pipe: writeSync returns only when the bytes are in it.
  writeSync(1, JSON.stringify({ ids }) + '\n');
  die();
} else if (mode === 'group') {
  // Opening wrote only the migrations: the WAL grows from here with this group's commits alone.
  const walBefore = statSync(`${file}-wal`).size;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      storage.transaction(async (tx) => {
        const account = await tx.ensureAccount('durability');
        const { id } = await tx.insertRecord(record(account.id, `group ${i}`));
        if (i % 4 === 0) throw new Error(`refused after writing record ${id}`);
        if (i % 4 === 3) {
          const missing = {
            ...record(account.id, 'orphan'),
            recordId: 999_999,
            parentId: 999_999,
            segment: 'note',
            typeid: 3,
            level: 1,
            position: 1,
          };
          await tx.insertActivity(missing);
        }
        return id;
      }),
    ),
  );
  const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  const errors = outcomes.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error).message)] : []));
  writeSync(1, JSON.stringify({ ids, errors, walBefore }) + '\n');
  die();
} else if (mode === 'index') {
  // Open found the tail and started the indexer on the next turn; its job runs a turn later, and
  // the batch then waits one more turn before its COMMIT: this transaction joins that batch.
  await new Promise((ok) => setImmediate(ok));
  await new Promise((ok) => setImmediate(ok));
  await storage.transaction(async () => {
    // The writer's open transaction, which no port method shows (observed, not changed).
    const writer = (storage as unknown as { writer: { db: Database.Database } }).writer.db;
    const other = new Database(file, { readonly: true });
    const upto = (db: Database.Database) =>
      (db.prepare("SELECT upto FROM fts_marks WHERE tbl = 'records'").get() as { upto: number }).upto;
    writeSync(1, JSON.stringify({ upto: upto(writer), committed: upto(other) }) + '\n');
    die();
  });
} else {
  await storage.transaction(async (tx) => {
    const account = await tx.ensureAccount('durability');
    const { id } = await tx.insertRecord(record(account.id, 'never committed'));
    writeSync(1, JSON.stringify({ ids: [id] }) + '\n');
    die();
  });
}
