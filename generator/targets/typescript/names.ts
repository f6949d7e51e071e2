// Names of the TypeScript target's declarations, derived from the API's own vocabulary in one place
// so every emitter (types, codecs, validators, clients) agrees on them.
import type { Operation } from '../../pipeline/model.ts';
import { pascal, type MessageTarget } from '../../sdk-model/messages.ts';

export {
  pascal,
  messageTargets,
  notificationTargets,
  usesSegment,
  type MessageTarget,
  type NotificationTarget,
} from '../../sdk-model/messages.ts';

/** Type of a value list: currencies -> Currencies. */
export const valueListType = (list: string) => pascal(list);
/** Runtime array of a value list: currencies -> currencies. */
export const valueListConst = (list: string) => list;
/** Fields of an activity segment: task -> TaskFields. */
export const activityFieldsType = (segment: string) => `${pascal(segment)}Fields`;
/** One journal entry of a segment: task -> TaskActivity. */
export const activityType = (segment: string) => `${pascal(segment)}Activity`;
/** Field set interface: contact -> ContactFields. */
export const fieldsetType = (fieldset: string) => `${pascal(fieldset)}Fields`;
/** Per operation: createRecord -> CreateRecordRequest / CreateRecordResponse / ...Params. */
export const requestType = (op: string) => `${pascal(op)}Request`;
export const responseType = (op: string) => `${pascal(op)}Response`;
export const paramsType = (op: string) => `${pascal(op)}Params`;

/**
 * The module of the per-resource modules (codecs, validators, client resources) that holds a
 * message: records/<kind>, activities/<segment>, or common for messages of neither.
 */
export const messageModule = (t: { kind?: string | undefined; segment?: string | undefined }) =>
  t.kind ? `records/${t.kind}` : t.segment ? `activities/${t.segment}` : 'common';

/** The export of a message in its module: listRecordsParams, createActivityRequest. */
export const messageExport = (t: MessageTarget) => `${t.op.id}${pascal(t.part)}`;

/** A relative import specifier from one generated module to another (both paths from the same folder). */
export function relativeSpecifier(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return `${up ? '../'.repeat(up) : './'}${b.slice(i).join('/')}`;
}

/** How a call reads in the client: crm.<kind>.list, crm.<kind>.activities.<segment>.create, crm.hooks.list. */
export function clientCallName(op: Operation, kind: string, segment = '<segment>'): string {
  const where = op.scope === 'kind' ? `${kind}.` : op.scope === 'activity' ? `${kind}.activities.${segment}.` : '';
  return `crm.${where}${op.client}`;
}

/** The export of a schema id in the validators' modules: activities/task.createActivity.request -> activities_task_createActivity_request. */
export const exportName = (id: string) => id.replace(/[^A-Za-z0-9_$]/g, '_');
