// A transaction opened from inside the body of another one of the same storage is refused: on
// SQLite it would wait in the queue behind the body that waits for it, forever; on PostgreSQL for
// a pooled connection or a row lock the body holds.
//
// AsyncLocalStorage found such calls, but its promise hook runs on every promise of the process
// (about a tenth of a show's CPU). Instead each storage awaits its bodies in a function with a name
// of its own, and a call made while one of its bodies runs looks for that name in V8's async stack
// trace: the chain of functions awaiting the call holds it exactly when a body awaits (however
// deeply) the call. Calls made while none of its bodies runs, nearly all on SQLite, where bodies
// run between two turns of the event loop, look nowhere. What the chain cannot show: a body
// waiting for a timer or event whose callback opens the transaction (not refused: it waits).
import type { Tx } from './port.ts';

let storages = 0;
// Told apart from the storages of another copy of this module too.
const copy = Math.random().toString(36).slice(2, 8);

type Sites = NodeJS.CallSite[];

/** Whether a function named `name` is on the stack, the async part (awaiting functions) included. */
function onStack(name: string): boolean {
  const { prepareStackTrace, stackTraceLimit } = Error;
  Error.prepareStackTrace = (_e, sites: Sites) => sites;
  Error.stackTraceLimit = 500;
  try {
    const holder: { stack?: Sites } = {};
    Error.captureStackTrace(holder);
    return holder.stack!.some((s) => s.getFunctionName() === name);
  } finally {
    Error.prepareStackTrace = prepareStackTrace;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** The bodies of one storage's transactions: run by `run`, so `nested` can tell a call made from inside one. */
export class Bodies {
  private running = 0;
  private readonly name = `crmgenTransactionBody_${copy}_${++storages}`;
  /** Runs a transaction's body (awaited here, so this function's name is on the body's async stack). */
  readonly run: <T>(fn: (tx: Tx) => Promise<T>, tx: Tx) => Promise<T>;

  constructor() {
    const bodies = this;
    const runners = {
      async [this.name]<T>(fn: (tx: Tx) => Promise<T>, tx: Tx): Promise<T> {
        bodies.running++;
        try {
          return await fn(tx);
        } finally {
          bodies.running--;
        }
      },
    };
    this.run = runners[this.name]! as Bodies['run'];
  }

  /** Whether this call is made from inside a running body (it must use that body's Tx). */
  nested(): boolean {
    return this.running > 0 && onStack(this.name);
  }
}

export const nestedError = (): Error =>
  new Error('storage.transaction called inside a transaction; use the Tx you were given');
