// An item's journal: activities as show returns them.
import type * as T from '../generated/server/dist/types/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import type { ActivityRow } from './storage/port.ts';
import { activityBySegment } from './facts.ts';

export function renderActivity(row: ActivityRow): T.ActivityEntry {
  return {
    level: row.level,
    // cn is not explained by the document; we give the activity type's title.
    cn: activityBySegment.get(row.segment)?.title ?? row.segment,
    created: formatDateTime(row.created),
    viewed: formatDateTime(row.viewed),
    updated: formatDateTime(row.updated),
    flagged: row.flagged,
    typeid: row.typeid,
    parent: row.parentId,
    creatorid: row.creatorId,
    creatorname: row.creatorName,
    position: row.position,
    fields: row.fields as T.ActivityEntry['fields'],
    modificatorid: row.modificatorId,
    modificatorname: row.modificatorName,
    id: row.id,
  };
}
