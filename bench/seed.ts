// Seeds an account with N contacts (a note on every tenth, a task on every tenth but five) straight
// into the database, in bulk, so 1M rows take seconds rather than a million HTTP calls. The rows
// carry the search and report columns the adapters write (server/storage/record-query.ts), so lists
// and reports see them as their own. Tasks are assigned to the contact's owner, one in four
// completed; those of the first 1,000 contacts are due within 60 days of today, the others' further away.
// Every 1,000th contact works at "Nimbus Analytics" (the search benchmarks' needle), five of the
// first 1,000 are named Quetzal (a needle with as many matches at every size); owners
// alternate between the bench user and a second user.
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStorage } from '../server/storage/open.ts';
import { activitySearch, recordSearch, reportDate, reportOwners } from '../server/storage/record-query.ts';
import { parsePostgresUrl } from '../server/storage/postgres.ts';
import { hashToken } from '../server/tokens.ts';
import { benchUser } from './lib.ts';

export const needle = 'nimbus';
/** A needle that matches the same few contacts at every size (a user typing a rare name): five of the first 1,000. */
export const fewNeedle = 'quetzal';
const isFew = (i: number) => i < 1000 && i % 200 === 1;

const first = [
  'Ann',
  'Bob',
  'Carla',
  'Dmitri',
  'Eve',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jon',
  'Kemal',
  'Lea',
  'Mona',
  'Nils',
  'Omar',
  'Pia',
];
const last = [
  'Lee',
  'Smith',
  'Garcia',
  'Okafor',
  'Tanaka',
  'Novak',
  'Silva',
  'Berg',
  'Khan',
  'Moreau',
  'Rossi',
  'Quinn',
  'Weber',
  'Young',
];
const jobs = ['Head of Procurement', 'CTO', 'Sales Lead', 'Office Manager', 'Engineer', 'Buyer'];

interface Seeded {
  accountId: number;
  userId: number;
  otherUserId: number;
}

function contact(i: number, owners: [number, number], t0: number) {
  const firstname = first[i % first.length]!;
  const lastname = `${isFew(i) ? 'Quetzal' : last[(i * 7) % last.length]!}${i % 97}`;
  const fields: Record<string, string | number> = {
    firstname,
    lastname,
    businessemail: `${firstname.toLowerCase()}.${i}@${i % 1000 === 0 ? 'nimbus-analytics' : 'example'}.com`,
    jobtitle: jobs[i % jobs.length]!,
    cellularphone: `+1 555 ${String(i % 10000).padStart(4, '0')}`,
  };
  if (i % 1000 === 0) fields.businessaddress = 'Nimbus Analytics, 1 Cloud Way';
  const name = `${firstname} ${lastname}`;
  // Times spread over a year, so created / updated sorts and windows have work to do.
  const created = t0 - ((i * 7919) % 365) * 86_400_000 - (i % 86_400) * 1000;
  return { name, fields, owner: owners[i % 2]!, created, updated: created + (i % 13) * 3_600_000 };
}

/** The task of contact i (every tenth but five), as the adapters store it. */
function task(i: number, owner: number, t0: number) {
  // The first 1,000 contacts' tasks fall within 60 days of today, the others' from 61 days on: a
  // report of a window near today answers as many entries at every size.
  const days = i < 1000 ? ((i * 31) % 121) - 60 : (i % 2 ? 1 : -1) * (61 + (i % 3000));
  const due = new Date(Math.floor(t0 / 86_400_000) * 86_400_000 + days * 86_400_000).toISOString().slice(0, 10);
  const fields: Record<string, unknown> = {
    title: `Follow up ${i}`,
    duedate: due,
    assignedto: owner,
    ...(i % 40 === 5 ? { completed: 1 } : {}),
  };
  const row = { segment: 'task', fields };
  return { fields, ...activitySearch(fields), reportDate: reportDate(row), owners: reportOwners(row) };
}

async function users(db: string): Promise<Seeded> {
  const storage = await openStorage(db);
  try {
    return await storage.transaction(async (tx) => {
      const account = await tx.ensureAccount(benchUser.account);
      const user = await tx.addUser({
        accountId: account.id,
        email: benchUser.email,
        name: 'bench',
        tokenHash: hashToken(benchUser.token),
        preventlogin: 0,
        preventprivatedata: 0,
        administrator: 1,
      });
      const other = await tx.addUser({
        accountId: account.id,
        email: 'other@example.com',
        name: 'other',
        tokenHash: hashToken('other-token'),
        preventlogin: 0,
        preventprivatedata: 0,
        administrator: 0,
      });
      return { accountId: account.id, userId: user.id, otherUserId: other.id };
    });
  } finally {
    await storage.close();
  }
}

/** Seeds a new SQLite file (migrated by the adapter first) with n contacts. */
export async function seedSqlite(file: string, n: number): Promise<Seeded> {
  const s = await users(file);
  const db = new Database(file);
  try {
    const item = db.prepare('INSERT INTO items (type) VALUES (?)');
    const record =
      db.prepare(`INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated,
      creator_id, creator_name, modificator_id, modificator_name, name_key, search, item_texts, field_texts)
      VALUES (?, ?, 'contacts', ?, ?, 0, ?, ?, ?, ?, ?, 'bench', ?, 'bench', ?, ?, ?, ?)`);
    const note =
      db.prepare(`INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
      flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts)
      VALUES (?, ?, ?, ?, 'note', 3, 1, 1, ?, 0, ?, ?, ?, ?, 'bench', ?, 'bench', ?, ?)`);
    const taskRow =
      db.prepare(`INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
      flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts, report_date)
      VALUES (?, ?, ?, ?, 'task', 14, 1, 1, ?, 0, ?, ?, ?, ?, 'bench', ?, 'bench', ?, ?, ?)`);
    const owner = db.prepare('INSERT INTO report_owners (activity_id, owner_id, report_date) VALUES (?, ?, ?)');
    // Bulk load: indexes and triggers are dropped and made again after, the trigram indexes
    // rebuilt in one pass, the per-kind counts recomputed (what the triggers would have written).
    db.pragma('synchronous = OFF');
    const derived = db
      .prepare(
        `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN ('records', 'activities', 'report_owners') AND sql IS NOT NULL`,
      )
      .all() as { type: string; name: string; sql: string }[];
    for (const d of derived) db.exec(`DROP ${d.type.toUpperCase()} ${d.name}`);
    const t0 = Date.now();
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const c = contact(i, [s.userId, s.otherUserId], t0);
        const x = recordSearch('contacts', c.name, c.fields);
        const id = Number(item.run('record').lastInsertRowid);
        record.run(
          id,
          s.accountId,
          c.name,
          c.owner,
          JSON.stringify(c.fields),
          c.created,
          c.created,
          c.updated,
          s.userId,
          s.userId,
          x.nameKey,
          x.search,
          x.itemTexts,
          x.fieldTexts,
        );
        if (i % 10 === 0) {
          const fields = { details: `Call notes ${i}: asked about pricing` };
          const a = activitySearch(fields);
          const aid = Number(item.run('activity').lastInsertRowid);
          note.run(
            aid,
            s.accountId,
            id,
            id,
            JSON.stringify(fields),
            c.updated,
            c.updated,
            c.updated,
            s.userId,
            s.userId,
            a.search,
            a.texts,
          );
        }
        if (i % 10 === 5) {
          const x = task(i, c.owner, t0);
          const aid = Number(item.run('activity').lastInsertRowid);
          taskRow.run(
            aid,
            s.accountId,
            id,
            id,
            JSON.stringify(x.fields),
            c.updated,
            c.updated,
            c.updated,
            s.userId,
            s.userId,
            x.search,
            x.texts,
            x.reportDate,
          );
          for (const o of x.owners) owner.run(aid, o, x.reportDate);
        }
      }
    });
    for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
    for (const d of derived) db.exec(d.sql);
    // The rebuilt indexes hold every row: no tail for the indexer (server/storage/sqlite.ts).
    db.exec(`INSERT INTO records_fts (records_fts) VALUES ('rebuild'); INSERT INTO activities_fts (activities_fts) VALUES ('rebuild');
      UPDATE fts_marks SET upto = (SELECT coalesce(max(id), 0) FROM records) WHERE tbl = 'records';
      UPDATE fts_marks SET upto = (SELECT coalesce(max(id), 0) FROM activities) WHERE tbl = 'activities';
      DELETE FROM record_counts;
      INSERT INTO record_counts (account_id, kind, deleted, n) SELECT account_id, kind, deleted IS NOT NULL, count(*) FROM records GROUP BY 1, 2, 3;
      DELETE FROM owner_counts;
      INSERT INTO owner_counts (account_id, kind, ownership, n) SELECT account_id, kind, ownership, count(*) FROM records WHERE deleted IS NULL GROUP BY 1, 2, 3;
      ANALYZE;`);
  } finally {
    db.close();
  }
  return s;
}

/** Seeds a new PostgreSQL schema (migrated by the adapter first) with n contacts. */
export async function seedPostgres(url: string, n: number): Promise<Seeded> {
  const s = await users(url);
  const target = parsePostgresUrl(url);
  const client = new pg.Client({
    connectionString: target.connectionString,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  await client.connect();
  try {
    const t0 = Date.now();
    for (let from = 0; from < n; from += 5_000) {
      const to = Math.min(n, from + 5_000);
      const { rows } = await client.query<{ id: string }>(
        "SELECT nextval('item_ids') AS id FROM generate_series(1, $1)",
        [to - from + 2 * Math.ceil((to - from) / 10) + 2],
      );
      const ids = rows.map((r) => Number(r.id));
      const rec: unknown[][] = [[], [], [], [], [], [], [], [], [], [], []];
      const act: unknown[][] = [[], [], [], [], []];
      const tasks: unknown[][] = [[], [], [], [], [], [], []];
      const owners: unknown[][] = [[], [], []];
      let k = 0;
      for (let i = from; i < to; i++) {
        const c = contact(i, [s.userId, s.otherUserId], t0);
        const x = recordSearch('contacts', c.name, c.fields);
        const id = ids[k++]!;
        for (const [j, v] of [
          id,
          c.name,
          c.owner,
          JSON.stringify(c.fields),
          c.created,
          c.updated,
          x.nameKey,
          x.search,
          x.itemTexts,
          x.fieldTexts,
        ].entries())
          rec[j]!.push(v);
        if (i % 10 === 0) {
          const fields = { details: `Call notes ${i}: asked about pricing` };
          const a = activitySearch(fields);
          for (const [j, v] of [ids[k++]!, id, JSON.stringify(fields), a.search, a.texts].entries()) act[j]!.push(v);
          rec[10]!.push(c.updated);
        }
        if (i % 10 === 5) {
          const x = task(i, c.owner, t0);
          const aid = ids[k++]!;
          for (const [j, v] of [
            aid,
            id,
            JSON.stringify(x.fields),
            x.search,
            x.texts,
            x.reportDate,
            c.updated,
          ].entries())
            tasks[j]!.push(v);
          for (const o of x.owners) {
            owners[0]!.push(aid);
            owners[1]!.push(o);
            owners[2]!.push(x.reportDate);
          }
        }
      }
      await client.query('BEGIN');
      await client.query(`INSERT INTO items (id, type) SELECT u, 'record' FROM unnest($1::bigint[]) u`, [rec[0]]);
      await client.query(`INSERT INTO items (id, type) SELECT u, 'activity' FROM unnest($1::bigint[]) u`, [
        [...act[0]!, ...tasks[0]!],
      ]);
      await client.query(
        `INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated,
           creator_id, creator_name, modificator_id, modificator_name, name_key, search, item_texts, field_texts)
         SELECT id, $1, 'contacts', name, owner, 0, fields::json, created, created, updated, $2, 'bench', $2, 'bench', nk, search, it::json, ft::json
         FROM unnest($3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[])
           AS t(id, name, owner, fields, created, updated, nk, search, it, ft)`,
        [s.accountId, s.userId, ...rec.slice(0, 10)],
      );
      await client.query(
        `INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
           flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts)
         SELECT id, $1, rid, rid, 'note', 3, 1, 1, fields::json, 0, at, at, at, $2, 'bench', $2, 'bench', search, texts::json
         FROM unnest($3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::bigint[]) AS x(id, rid, fields, search, texts, at)`,
        [s.accountId, s.userId, ...act, rec[10]],
      );
      await client.query(
        `INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
           flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts, report_date)
         SELECT id, $1, rid, rid, 'task', 14, 1, 1, fields::json, 0, at, at, at, $2, 'bench', $2, 'bench', search, texts::json, rd
         FROM unnest($3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[]) AS x(id, rid, fields, search, texts, rd, at)`,
        [s.accountId, s.userId, ...tasks],
      );
      await client.query(
        'INSERT INTO report_owners (activity_id, owner_id, report_date) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])',
        owners,
      );
      await client.query('COMMIT');
    }
    // One count row per account and kind (and owner) (the triggers appended one per record).
    await client.query(`WITH gone AS (DELETE FROM record_counts RETURNING account_id, kind, deleted, n)
      INSERT INTO record_counts SELECT account_id, kind, deleted, sum(n) FROM gone GROUP BY 1, 2, 3`);
    await client.query(`WITH gone AS (DELETE FROM owner_counts RETURNING account_id, kind, ownership, n)
      INSERT INTO owner_counts SELECT account_id, kind, ownership, sum(n) FROM gone GROUP BY 1, 2, 3`);
    // As autovacuum would have by then: visibility map (index-only scans) and statistics.
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
  return s;
}
