// Names of generated declarations, derived from the API's own vocabulary in one place
import type { ObjectShape, Operation, Shape, Spec } from '../../pipeline/model.ts';
// so every emitter (types, schemas, later codecs and clients) agrees on them.

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

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

/** One message of the API: an operation part bound to a kind or segment where its body depends on it. */
export interface MessageTarget {
  /** Schema id and codec key: records/contacts.createRecord.request, activities/task.createActivity.request, listHooks.response. */
  id: string;
  op: Operation;
  part: 'params' | 'request' | 'response';
  shape: Shape;
  kind?: string;
  segment?: string;
  /** METHOD path, for titles. */
  label: string;
}

export function usesSegment(shape: Shape): boolean {
  if (shape.kind === 'activityfields') return true;
  if (shape.kind === 'object') return shape.fields.some((f) => usesSegment(f.shape));
  if (shape.kind === 'list' || shape.kind === 'keyed' || shape.kind === 'map') return usesSegment(shape.of);
  return false;
}

/** Every message target, in spec order. Activity-scope parts that do not depend on the segment appear once. */
export function messageTargets(spec: Spec): MessageTarget[] {
  const out: MessageTarget[] = [];
  for (const op of spec.operations) {
    const parts: ['params' | 'request' | 'response', Shape | undefined][] = [
      ['params', op.params && { kind: 'object', fields: op.params }],
      ['request', op.request],
      ['response', op.response],
    ];
    for (const [part, shape] of parts) {
      if (!shape) continue;
      if (op.scope === 'kind') {
        for (const k of spec.kinds) out.push({ id: `records/${k.name}.${op.id}.${part}`, op, part, shape, kind: k.name, label: `${op.method} /${k.name}${op.path.replace('/{kind}', '')}` });
      } else if (op.scope === 'activity' && usesSegment(shape)) {
        for (const a of spec.activities) out.push({ id: `activities/${a.segment}.${op.id}.${part}`, op, part, shape, segment: a.segment, label: `${op.method} ${op.path.replace('{segment}', a.segment)}` });
      } else {
        out.push({ id: op.scope === 'activity' ? `activities/${op.id}.${part}` : `${op.id}.${part}`, op, part, shape, label: `${op.method} ${op.path}` });
      }
    }
  }
  return out;
}

/** A webhook notification body of one event family: notification/items, notification/activities. */
export interface NotificationTarget {
  id: string;
  family: string;
  /** ItemsNotification, ActivitiesNotification */
  typeName: string;
  shape: ObjectShape;
}

export function notificationTargets(spec: Spec): NotificationTarget[] {
  return Object.entries(spec.notification.content).map(([family, structure]) => ({
    id: `notification/${family}`,
    family,
    typeName: `${pascal(family)}Notification`,
    shape: {
      kind: 'object',
      fields: [...spec.notification.fields, { name: 'content', shape: { kind: 'ref', name: structure }, required: true, pos: spec.notification.fields[0]?.pos ?? { file: '', line: 0, col: 0 } }],
    },
  }));
}

/**
 * The module of the per-resource modules (codecs, validators, client resources) that holds a
 * message: records/<kind>, activities/<segment>, or common for messages of neither.
 */
export const messageModule = (t: { kind?: string | undefined; segment?: string | undefined }) => (t.kind ? `records/${t.kind}` : t.segment ? `activities/${t.segment}` : 'common');

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
