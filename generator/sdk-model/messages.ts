// The messages of the API, as every SDK and output sees them: each operation's params, request and
// response bound to a record kind or activity segment where its body depends on it, and the
// webhook notification bodies of each event family.
import type { ObjectShape, Operation, Shape, Spec } from '../pipeline/model.ts';

/** Upper camel case of the API's words: item fields -> ItemFields. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

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
        for (const k of spec.kinds)
          out.push({
            id: `records/${k.name}.${op.id}.${part}`,
            op,
            part,
            shape,
            kind: k.name,
            label: `${op.method} /${k.name}${op.path.replace('/{kind}', '')}`,
          });
      } else if (op.scope === 'activity' && usesSegment(shape)) {
        for (const a of spec.activities)
          out.push({
            id: `activities/${a.segment}.${op.id}.${part}`,
            op,
            part,
            shape,
            segment: a.segment,
            label: `${op.method} ${op.path.replace('{segment}', a.segment)}`,
          });
      } else {
        out.push({
          id: op.scope === 'activity' ? `activities/${op.id}.${part}` : `${op.id}.${part}`,
          op,
          part,
          shape,
          label: `${op.method} ${op.path}`,
        });
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
      fields: [
        ...spec.notification.fields,
        {
          name: 'content',
          shape: { kind: 'ref', name: structure },
          required: true,
          pos: spec.notification.fields[0]?.pos ?? { file: '', line: 0, col: 0 },
        },
      ],
    },
  }));
}
