// What both adapters select from each table: the columns, aliased to the port's property names
// (./port.ts). The aliases are quoted, which PostgreSQL needs (it folds unquoted names to lower
// case) and SQLite accepts. Each adapter maps the JSON and binary columns of the rows it reads.
import { spec } from '../facts.ts';

/** column, or [column or expression, property]. */
type Column = string | [string, string];

/** The prefix of a custom field's name (custom<id>), from the spec's pattern `^custom[0-9]+$`. */
const customPrefix = /^\^([A-Za-z_]+)\[0-9\]\+\$$/.exec(spec.customFields.namePattern)?.[1];
if (!customPrefix)
  throw new Error(`storage: customFields.namePattern '${spec.customFields.namePattern}' is not <prefix>[0-9]+`);

const tables = {
  users: [
    'id',
    ['account_id', 'accountId'],
    'email',
    'name',
    ['token_hash', 'tokenHash'],
    'preventlogin',
    'preventprivatedata',
    'administrator',
    'deleted',
  ],
  workgroups: ['id', ['account_id', 'accountId'], 'name', 'email', 'members', 'deleted'],
  records: [
    'id',
    ['account_id', 'accountId'],
    'kind',
    'name',
    'ownership',
    'flagged',
    'fields',
    'created',
    'viewed',
    'updated',
    ['creator_id', 'creatorId'],
    ['creator_name', 'creatorName'],
    ['modificator_id', 'modificatorId'],
    ['modificator_name', 'modificatorName'],
    'deleted',
  ],
  categories: ['id', ['account_id', 'accountId'], 'kind', 'name'],
  field_defs: [
    'id',
    ['account_id', 'accountId'],
    'kind',
    [`'${customPrefix}' || id`, 'name'],
    'label',
    'type',
    'options',
    'categories',
  ],
  activities: [
    'id',
    ['account_id', 'accountId'],
    ['record_id', 'recordId'],
    ['parent_id', 'parentId'],
    'segment',
    'typeid',
    'level',
    'position',
    'fields',
    'flagged',
    'created',
    'viewed',
    'updated',
    ['creator_id', 'creatorId'],
    ['creator_name', 'creatorName'],
    ['modificator_id', 'modificatorId'],
    ['modificator_name', 'modificatorName'],
    'deleted',
  ],
  files: ['id', ['account_id', 'accountId'], 'filename', 'contenttype', 'size', 'data'],
  deliveries: [
    'id',
    ['account_id', 'accountId'],
    ['hook_id', 'hookId'],
    'event',
    ['object_id', 'objectId'],
    'url',
    ['content_type', 'contentType'],
    'body',
    'signature',
    ['webhook_id', 'webhookId'],
    'attempts',
    ['next_attempt', 'nextAttempt'],
    'status',
    ['last_error', 'lastError'],
    ['claimed_by', 'claimedBy'],
    ['claimed_until', 'claimedUntil'],
    'created',
  ],
  hooks: [
    'id',
    ['account_id', 'accountId'],
    'type',
    'title',
    'active',
    'event',
    'constrainttype',
    'url',
    'contenttype',
    'secret',
    ['disabled_reason', 'disabledReason'],
  ],
} satisfies Record<string, Column[]>;

/** The select list of `table`, its columns qualified by `alias` when given (`records r`). */
export function columns(table: keyof typeof tables, alias?: string): string {
  const q = (c: string) =>
    alias && /^[a-z_]+$/.test(c) ? `${alias}.${c}` : alias ? c.replace(/\bid\b/, `${alias}.id`) : c;
  return (tables[table] as Column[]).map((c) => (typeof c === 'string' ? q(c) : `${q(c[0])} AS "${c[1]}"`)).join(', ');
}
