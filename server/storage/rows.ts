// Row mapping shared by both adapters: the rows as a statement returns them (JSON columns as the
// driver hands them over, files as Buffers) to the port's rows (./port.ts).
import type { ActivityRow, FieldDefRow, FileRow, GroupRow, RecordRow } from './port.ts';

type Json<T, K extends keyof T> = Omit<T, K> & { [P in K]: unknown };
export type RawGroup = Json<GroupRow, 'members'>;
export type RawRecord = Json<RecordRow, 'fields'>;
export type RawFieldDef = Json<FieldDefRow, 'options' | 'categories'>;
export type RawActivity = Json<ActivityRow, 'fields'>;
export type RawFile = Omit<FileRow, 'data'> & { data: Buffer };

/** The mappers of a dialect whose JSON columns read as `json` turns them. */
export function rowsOf(d: { json<T>(value: unknown): T }) {
  return {
    group: (r: RawGroup): GroupRow => ({ ...r, members: d.json<number[]>(r.members) }),
    record: (r: RawRecord): RecordRow => ({ ...r, fields: d.json<RecordRow['fields']>(r.fields) }),
    fieldDef: (r: RawFieldDef): FieldDefRow => ({
      ...r,
      options: d.json<string[]>(r.options),
      categories: d.json<number[]>(r.categories),
    }),
    activity: (r: RawActivity): ActivityRow => ({ ...r, fields: d.json<ActivityRow['fields']>(r.fields) }),
    // A plain Uint8Array (a copy), not a Buffer, so adapters return the same type.
    file: (r: RawFile): FileRow => ({ ...r, data: new Uint8Array(r.data) }),
  };
}
