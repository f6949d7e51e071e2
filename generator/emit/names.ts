// Names of generated declarations, derived from the API's own vocabulary in one place
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
