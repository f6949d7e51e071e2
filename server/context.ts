// The caller of one API call, as the authenticate hook returns it.
import type { UserRow } from './storage/port.ts';
import type { HookEvent } from './facts.ts';

/** A committed change that webhooks may announce (the events of spec/webhooks.yaml). */
export interface ChangeEvent {
  event: HookEvent;
  /** Record kind (items.*) or the activity's segment (activities.*). */
  kind?: string;
  segment?: string;
  id: number;
}

export interface Caller {
  user: UserRow;
  accountId: number;
  now(): number;
  /** Changes made by this call, announced after its transaction commits. */
  events: ChangeEvent[];
  /** Tells the parent an activity is under after this call (undefined: deleted), for guesses of later calls' order locks. */
  under?(activityId: number, parentId: number | undefined): void;
  /** Where this process last saw the activity (a guess, from `under`). */
  parentOf?(activityId: number): number | undefined;
}
