// crmgen hooks deliveries|redeliver|failures: an administrator's view of webhook deliveries,
// straight on the database (the running service delivers what redeliver queues).
import { ServiceError } from '../generated/server/dist/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import { redeliver } from '../server/hooks.ts';
import type { Storage } from '../server/storage/port.ts';
import { dbOption, openDb, UsageError } from './db.ts';

const id = (text: string | undefined, what: string): number => {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n < 1)
    throw new UsageError(`hooks: ${what} expects a positive integer, got '${text ?? ''}'`);
  return n;
};

async function accountId(storage: Storage, name: string | undefined): Promise<number | undefined> {
  if (name === undefined) return undefined;
  const id = await storage.transaction((tx) => tx.findAccountId(name));
  if (id === undefined) throw new UsageError(`hooks: no account '${name}'`);
  return id;
}

export async function runHooks(
  sub: 'deliveries' | 'redeliver' | 'failures',
  values: { db?: string; account?: string; limit?: string },
  positionals: string[],
): Promise<number> {
  const limit = values.limit === undefined ? 100 : id(values.limit, '--limit');
  const storage = await openDb(dbOption(values.db));
  try {
    const account = (await accountId(storage, values.account ?? (sub === 'failures' ? undefined : 'default')))!;
    if (sub === 'deliveries') {
      const hookId = id(positionals[0], 'deliveries HOOKID');
      const rows = await storage.transaction(async (tx) => {
        if (!(await tx.getHook(account, hookId)))
          throw new UsageError(`hooks: no hook ${hookId} in account ${values.account ?? 'default'}`);
        return tx.listAttempts(account, hookId, limit);
      });
      for (const a of rows) {
        const result = a.httpStatus !== null ? `HTTP ${a.httpStatus}` : a.error || '-';
        const next = a.nextAttempt !== null ? ` next ${formatDateTime(a.nextAttempt)}` : '';
        console.log(
          `delivery ${a.deliveryId} attempt ${a.attempt} ${a.outcome} ${a.event} ${a.objectId} ${formatDateTime(a.attempted)} ${a.durationMs}ms ${result}${next} ${a.webhookId}`,
        );
      }
      if (!rows.length) console.log(`hook ${hookId}: no delivery attempts`);
      return 0;
    }
    if (sub === 'redeliver') {
      const hookId = id(positionals[0], 'redeliver HOOKID');
      const deliveryId = id(positionals[1], 'redeliver HOOKID DELIVERYID');
      const created = await storage
        .transaction((tx) => redeliver(tx, account, hookId, deliveryId, Date.now()))
        .catch((e: unknown) => {
          throw e instanceof ServiceError ? new UsageError(`hooks redeliver: ${e.message}`) : e;
        });
      console.log(
        `queued delivery ${created} (again delivery ${deliveryId} of hook ${hookId}); the running service sends it`,
      );
      return 0;
    }
    const failed = await storage.transaction((tx) => tx.listFailedDeliveries(account, limit));
    for (const d of failed)
      console.log(
        `delivery ${d.id} hook ${d.hookId} ${d.event} ${d.objectId} to ${d.url} failed after ${d.attempts} attempts: ${d.lastError} (${formatDateTime(d.created)})`,
      );
    if (!failed.length) console.log('no failed deliveries');
    return 0;
  } finally {
    await storage.close();
  }
}
