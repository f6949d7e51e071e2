// PostgreSQL migration 7: pg_trgm in a schema of its own (crmgen_ext). Migration 2 created the
// extension in the first service's schema; a DROP SCHEMA ... CASCADE of that service then took the
// extension, and with it the trigram indexes of every other schema of the database. Moved here
// with ALTER EXTENSION ... SET SCHEMA, which renames catalog entries only: indexes refer to their
// operator class by oid and stay as they are, no table is locked, and instances running meanwhile
// (older code included: its migration 2 finds the extension's schema in the catalog) go on.
// Where the extension is missing (dropped with such a schema) it is made again in crmgen_ext and
// this schema's trigram indexes built. Rerunnable, and never fatal: a role that may not move or
// create the extension keeps what it has, with a line on stderr.
import pg from 'pg';
import type { PgMigration } from '../migration.ts';

/** The fixed schema of pg_trgm: nothing of a service lives in it, so no service's drop takes it. */
export const EXTENSION_SCHEMA = 'crmgen_ext';

export const migration: PgMigration = {
  // Schemas of several services migrate at once: one of them at a time looks at the extension.
  sql: `SELECT pg_advisory_xact_lock(hashtext('crmgen:pg_trgm'))`,
  async backfill(client) {
    const where = async () =>
      (
        await client.query<{ schema: string }>(
          `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
           WHERE e.extname = 'pg_trgm'`,
        )
      ).rows[0]?.schema;
    const attempt = async (what: string, statements: string[], lockTimeout = true): Promise<void> => {
      await client.query('SAVEPOINT trgm_schema');
      try {
        // A fresh schema's migration 2 may be creating the extension and then wait for the lock
        // above: this side gives up first (a deadlock would end that one's start).
        if (lockTimeout) await client.query(`SET LOCAL lock_timeout = 500`);
        for (const s of statements) await client.query(s);
        await client.query('RELEASE SAVEPOINT trgm_schema');
      } catch (e) {
        await client.query('ROLLBACK TO SAVEPOINT trgm_schema');
        process.stderr.write(`crmgen: pg_trgm: cannot ${what} (${(e as Error).message})\n`);
      }
      await client.query('SET LOCAL lock_timeout TO DEFAULT');
    };
    const ext = await where();
    // Made here, it is usable by every role: services of other roles in this database name its
    // operator class too.
    const schema = `DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${EXTENSION_SCHEMA}') THEN
        CREATE SCHEMA ${EXTENSION_SCHEMA};
        GRANT USAGE ON SCHEMA ${EXTENSION_SCHEMA} TO PUBLIC;
      END IF;
    END $$`;
    if (ext === undefined) {
      await attempt(`create it in ${EXTENSION_SCHEMA}`, [
        schema,
        `CREATE EXTENSION pg_trgm WITH SCHEMA ${EXTENSION_SCHEMA}`,
      ]);
    } else if (ext !== EXTENSION_SCHEMA && (await isServiceSchema(client, ext))) {
      // Left alone in a schema of no service (public set up by an administrator, say).
      await attempt(`move it from the service schema ${ext} to ${EXTENSION_SCHEMA}`, [
        schema,
        `ALTER EXTENSION pg_trgm SET SCHEMA ${EXTENSION_SCHEMA}`,
      ]);
    }
    const now = await where();
    if (now === undefined) return; // migration 2 said so already
    const ops = `${pg.escapeIdentifier(now)}.gin_trgm_ops`;
    await attempt(
      'build the trigram indexes (lists search by scanning)',
      [
        `CREATE INDEX IF NOT EXISTS records_search ON records USING gin (search ${ops})`,
        `CREATE INDEX IF NOT EXISTS activities_search ON activities USING gin (search ${ops})`,
      ],
      false,
    );
  },
};

/** A schema holding a crmgen service (its schema_version and records tables). */
async function isServiceSchema(client: pg.PoolClient, schema: string): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname IN ('schema_version', 'records') AND c.relkind IN ('r', 'p')`,
    [schema],
  );
  return rows[0]!.n === 2;
}
