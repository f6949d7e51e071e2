// SQLite side of the delivery log (./delivery-log.ts), as functions over the adapter's statement
// helpers; sqlite.ts appends DELIVERY_LOG_MIGRATION and delegates to sqliteDeliveryLog().
import type Database from 'better-sqlite3';
import type { AttemptEntry, AttemptRow, DeliveryLogTx } from './delivery-log.ts';
import type { DeliveryRow } from './port.ts';

export const DELIVERY_LOG_MIGRATION = `
  ALTER TABLE deliveries ADD COLUMN webhook_id TEXT NOT NULL DEFAULT '';
  UPDATE deliveries SET webhook_id = 'msg_' || id;
  -- Per receiver url and object, only the oldest pending delivery may go (notifications in order).
  CREATE INDEX deliveries_order ON deliveries (object_id, id) WHERE status = 'pending';
  CREATE INDEX deliveries_failed ON deliveries (account_id, id) WHERE status = 'failed';
  ALTER TABLE hooks ADD COLUMN consecutive_failures INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE hooks ADD COLUMN disabled_reason TEXT NOT NULL DEFAULT '';
  CREATE TABLE delivery_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id   INTEGER NOT NULL REFERENCES accounts(id),
    hook_id      INTEGER NOT NULL,
    delivery_id  INTEGER NOT NULL,
    attempt      INTEGER NOT NULL,
    attempted    INTEGER NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered', 'retrying', 'failed', 'cancelled')),
    http_status  INTEGER,
    error        TEXT NOT NULL,
    duration_ms  INTEGER NOT NULL,
    next_attempt INTEGER
  );
  CREATE INDEX delivery_attempts_hook ON delivery_attempts (hook_id, id);
`;

/**
 * Shared by the claim queries: a delivery waits while an older one about the same object to the
 * same url is pending. By url, not hook: a hook has one event, and a receiver that takes creates
 * and updates on one address through two hooks must still get the create first.
 */
export const FIRST_OF_OBJECT = `NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.object_id = deliveries.object_id
  AND e.url = deliveries.url AND e.account_id = deliveries.account_id AND e.status = 'pending' AND e.id < deliveries.id)`;

export const DELIVERY_COLS = `id, account_id AS accountId, hook_id AS hookId, event, object_id AS objectId, url,
  content_type AS contentType, body, signature, webhook_id AS webhookId, attempts, next_attempt AS nextAttempt, status,
  last_error AS lastError, claimed_by AS claimedBy, claimed_until AS claimedUntil, created`;

export interface SqliteHelpers {
  get<R>(sql: string, ...params: unknown[]): R | undefined;
  all<R>(sql: string, ...params: unknown[]): R[];
  run(sql: string, ...params: unknown[]): Database.RunResult;
}

export function sqliteDeliveryLog(db: SqliteHelpers): DeliveryLogTx {
  const recordAttempt = async (a: Omit<AttemptRow, 'id'>) => {
    db.run(
      `INSERT INTO delivery_attempts (account_id, hook_id, delivery_id, attempt, attempted, outcome, http_status, error, duration_ms, next_attempt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      a.accountId, a.hookId, a.deliveryId, a.attempt, a.attempted, a.outcome, a.httpStatus, a.error, a.durationMs, a.nextAttempt,
    );
  };
  return {
    async cancelDeliveries(accountId, hookId, now, why) {
      db.run(
        `INSERT INTO delivery_attempts (account_id, hook_id, delivery_id, attempt, attempted, outcome, http_status, error, duration_ms, next_attempt)
         SELECT account_id, hook_id, id, attempts + 1, ?, 'cancelled', NULL, ?, 0, NULL
         FROM deliveries WHERE account_id = ? AND hook_id = ? AND status = 'pending' ORDER BY id`,
        now, why, accountId, hookId,
      );
      // claimed_by goes too, so an attempt in flight cannot record itself over the cancellation.
      return db.run(
        `UPDATE deliveries SET status = 'cancelled', last_error = ?, claimed_by = NULL, claimed_until = 0
         WHERE account_id = ? AND hook_id = ? AND status = 'pending'`,
        why, accountId, hookId,
      ).changes;
    },
    recordAttempt,
    async listAttempts(accountId, hookId, limit) {
      return db.all<AttemptEntry>(
        `SELECT a.id, a.account_id AS accountId, a.hook_id AS hookId, a.delivery_id AS deliveryId, a.attempt, a.attempted,
           a.outcome, a.http_status AS httpStatus, a.error, a.duration_ms AS durationMs, a.next_attempt AS nextAttempt,
           d.webhook_id AS webhookId, d.event, d.object_id AS objectId
         FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id
         WHERE a.account_id = ? AND a.hook_id = ? ORDER BY a.id DESC LIMIT ?`,
        accountId, hookId, limit,
      );
    },
    async getDelivery(accountId, id) {
      return db.get<DeliveryRow>(`SELECT ${DELIVERY_COLS} FROM deliveries WHERE id = ? AND account_id = ?`, id, accountId);
    },
    async insertDelivery(d) {
      return Number(
        db.run(
          `INSERT INTO deliveries (account_id, hook_id, event, object_id, url, content_type, body, signature, webhook_id, attempts,
             next_attempt, status, last_error, claimed_by, claimed_until, created)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          d.accountId, d.hookId, d.event, d.objectId, d.url, d.contentType, d.body, d.signature, d.webhookId, d.attempts,
          d.nextAttempt, d.status, d.lastError, d.claimedBy, d.claimedUntil, d.created,
        ).lastInsertRowid,
      );
    },
    async countOutcome(accountId, hookId, failed, disableAfter, reason) {
      if (!failed) {
        db.run('UPDATE hooks SET consecutive_failures = 0 WHERE id = ? AND account_id = ?', hookId, accountId);
        return false;
      }
      const row = db.get<{ n: number; active: number }>(
        'UPDATE hooks SET consecutive_failures = consecutive_failures + 1 WHERE id = ? AND account_id = ? RETURNING consecutive_failures AS n, active',
        hookId, accountId,
      );
      if (!row || row.active !== 1 || disableAfter <= 0 || row.n < disableAfter) return false;
      db.run('UPDATE hooks SET active = 0, disabled_reason = ? WHERE id = ? AND account_id = ?', reason, hookId, accountId);
      return true;
    },
    async resetHookHealth(accountId, hookId) {
      db.run(`UPDATE hooks SET consecutive_failures = 0, disabled_reason = '' WHERE id = ? AND account_id = ?`, hookId, accountId);
    },
    async findAccountId(name) {
      return db.get<{ id: number }>('SELECT id FROM accounts WHERE name = ?', name)?.id;
    },
    async listFailedDeliveries(accountId, limit) {
      return accountId === undefined
        ? db.all<DeliveryRow>(`SELECT ${DELIVERY_COLS} FROM deliveries WHERE status = 'failed' ORDER BY id DESC LIMIT ?`, limit)
        : db.all<DeliveryRow>(`SELECT ${DELIVERY_COLS} FROM deliveries WHERE status = 'failed' AND account_id = ? ORDER BY id DESC LIMIT ?`, accountId, limit);
    },
  };
}
