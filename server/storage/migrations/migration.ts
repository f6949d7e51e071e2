// A migration: its SQL, and a step in JavaScript run right after it in the same transaction
// (texts the SQL cannot compute, such as JavaScript's lower-casing of the search columns).
// Each lives in its own file, numbered, under ./sqlite/ and ./postgres/ (the two schemas were
// numbered apart: PostgreSQL's first migration is SQLite's first three); ./sqlite/index.ts and
// ./postgres/index.ts list them in order. Append new ones, never edit a released one.
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface SqliteMigration {
  sql: string;
  backfill?(db: Database.Database): void;
}

export interface PgMigration {
  sql: string;
  backfill?(client: pg.PoolClient): Promise<void>;
}
