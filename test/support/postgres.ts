// A PostgreSQL server for tests: CRMGEN_TEST_PG_URL, else the one these machines and CI run on
// 127.0.0.1:5432 (trust auth, database `test`). Every test run works in a schema of its own,
// created fresh and dropped afterwards, so runs (and test files running side by side) never meet.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.CRMGEN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The --db URL of `schema` on the test server. */
export function schemaUrl(schema: string, base = PG_URL): string {
  const u = new URL(base);
  u.searchParams.set('schema', schema);
  return u.toString();
}

/** A new, unique, lower-case schema name (not yet created). */
export function schemaName(prefix = 't'): string {
  return `crmgen_${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`.toLowerCase();
}

async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates an empty schema and returns its name and the --db URL that uses it. */
export async function createSchema(prefix?: string): Promise<{ schema: string; url: string }> {
  const schema = schemaName(prefix);
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  return { schema, url: schemaUrl(schema) };
}

export async function dropSchema(schema: string): Promise<void> {
  await withClient((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
}

/** Runs one statement on the test server with search_path set to `schema`. */
export async function sql<R extends object = Record<string, unknown>>(
  schema: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  return withClient(async (c) => {
    await c.query(`SET search_path TO "${schema}"`);
    return (await c.query<R>(text, params)).rows;
  });
}

/** Is the test server reachable? */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await withClient((c) => c.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}
