// Child process of the durability test (run with `node --import tsx`): writes through the SQLite
// adapter and then kills itself with SIGKILL, so nothing gets a chance to flush or checkpoint.
//   durability-child.ts <file> commit <n>   commits n transactions (one record each), prints the ids, dies
//   durability-child.ts <file> pending      dies inside an open transaction after writing a record
import { writeSync } from 'node:fs';
import { openSqlite } from '../../server/storage/sqlite.ts';

const [file, mode, count] = process.argv.slice(2);
if (!file || (mode !== 'commit' && mode !== 'pending')) {
  throw new Error('usage: durability-child.ts <file> commit <n> | pending');
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
} else {
  await storage.transaction(async (tx) => {
    const account = await tx.ensureAccount('durability');
    const { id } = await tx.insertRecord(record(account.id, 'never committed'));
    writeSync(1, JSON.stringify({ ids: [id] }) + '\n');
    die();
  });
}
