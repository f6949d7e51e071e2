// The part of the storage port for webhook delivery records (issue 14): the attempt log,
// cancellation, redelivery and the failure count that disables a hook. Both adapters run the
// statements of ./statements.ts for it.

/** One notification to one hook: written in the transaction of the change (the outbox). */
export interface DeliveryRow {
  id: number;
  accountId: number;
  hookId: number;
  event: string;
  objectId: number;
  url: string;
  /** Content-Type header of the body. */
  contentType: string;
  body: string;
  /** X-Service-Hmac-Sha256 value, when the hook has a secret. */
  signature: string | null;
  /** The webhook-id header: one per notification and hook, the same on every attempt. */
  webhookId: string;
  attempts: number;
  /** Not before this time (ms). */
  nextAttempt: number;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  lastError: string;
  /** Instance holding the delivery until claimedUntil; another may take it after the lease. */
  claimedBy: string | null;
  claimedUntil: number;
  created: number;
}

/** One attempt to deliver (or the cancellation of) a delivery. */
export interface AttemptRow {
  id: number;
  accountId: number;
  hookId: number;
  deliveryId: number;
  /** 1-based attempt number of the delivery. */
  attempt: number;
  attempted: number;
  outcome: 'delivered' | 'retrying' | 'failed' | 'cancelled';
  httpStatus: number | null;
  error: string;
  durationMs: number;
  nextAttempt: number | null;
}

/** An attempt as listed, with what it delivered. */
export interface AttemptEntry extends AttemptRow {
  webhookId: string;
  event: string;
  objectId: number;
}

export interface DeliveryLogTx {
  /** Cancels the hook's pending deliveries (logging each as cancelled with `why`); returns how many. */
  cancelDeliveries(accountId: number, hookId: number, now: number, why: string): Promise<number>;
  recordAttempt(row: Omit<AttemptRow, 'id'>): Promise<void>;
  /** The hook's attempts, newest first. */
  listAttempts(accountId: number, hookId: number, limit: number): Promise<AttemptEntry[]>;
  getDelivery(accountId: number, id: number): Promise<DeliveryRow | undefined>;
  /** Adds one delivery and returns its id. */
  insertDelivery(row: Omit<DeliveryRow, 'id'>): Promise<number>;
  /**
   * Counts a delivery that ended: a success resets the hook's run of failures; a failure extends
   * it, and at `disableAfter` failures in a row an active hook is set inactive with `reason`.
   * Returns true when this call disabled the hook.
   */
  countOutcome(
    accountId: number,
    hookId: number,
    failed: boolean,
    disableAfter: number,
    reason: string,
  ): Promise<boolean>;
  /** Clears the run of failures and the disabled reason (the hook was set active again). */
  resetHookHealth(accountId: number, hookId: number): Promise<void>;
  /** The account of that name, without creating it (a read-only command names one). */
  findAccountId(name: string): Promise<number | undefined>;
  /** Deliveries that failed for good, newest first; every account when accountId is undefined. */
  listFailedDeliveries(accountId: number | undefined, limit: number): Promise<DeliveryRow[]>;
}
