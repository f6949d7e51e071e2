import { type CompiledValidator } from "../runtime/validation.js";
import { type ValidationError } from "./problems.js";
export { sanitizeCallback, listLimit, allowedParents, notTrueOnCreate, conditions, onePerParent } from "./rules.js";
export { check, fromAjvErrors, type ValidationError } from "./problems.js";
/** Schema id of every request body and parameter set (generated/schemas/<id>.json). */
export type RequestTarget = "activities/attachmentfile.createActivity.request" | "activities/attachmentfile.updateActivity.request" | "activities/billingawidget.createActivity.request" | "activities/billingawidget.updateActivity.request" | "activities/billingbwidget.createActivity.request" | "activities/billingbwidget.updateActivity.request" | "activities/call.createActivity.request" | "activities/call.updateActivity.request" | "activities/comment.createActivity.request" | "activities/comment.updateActivity.request" | "activities/event.createActivity.request" | "activities/event.updateActivity.request" | "activities/file.createActivity.request" | "activities/file.updateActivity.request" | "activities/followup.createActivity.request" | "activities/followup.updateActivity.request" | "activities/linkedemails.createActivity.request" | "activities/linkedemails.updateActivity.request" | "activities/marketingawidget.createActivity.request" | "activities/marketingawidget.updateActivity.request" | "activities/marketingbwidget.createActivity.request" | "activities/marketingbwidget.updateActivity.request" | "activities/note.createActivity.request" | "activities/note.updateActivity.request" | "activities/onlinedoc.createActivity.request" | "activities/onlinedoc.updateActivity.request" | "activities/opportunity.createActivity.request" | "activities/opportunity.updateActivity.request" | "activities/photo.createActivity.request" | "activities/photo.updateActivity.request" | "activities/photolist.createActivity.request" | "activities/photolist.updateActivity.request" | "activities/scheduledemail.createActivity.request" | "activities/scheduledemail.updateActivity.request" | "activities/separator.createActivity.request" | "activities/separator.updateActivity.request" | "activities/supportwidget.createActivity.request" | "activities/supportwidget.updateActivity.request" | "activities/task.createActivity.request" | "activities/task.updateActivity.request" | "activities/tasklist.createActivity.request" | "activities/tasklist.updateActivity.request" | "activities/template.createActivity.request" | "activities/template.updateActivity.request" | "activities/timerecord.createActivity.request" | "activities/timerecord.updateActivity.request" | "activities/website.createActivity.request" | "activities/website.updateActivity.request" | "createHook.request" | "listOwnership.params" | "records/companies.createCategory.request" | "records/companies.createRecord.request" | "records/companies.listRecords.params" | "records/companies.updateRecord.request" | "records/contacts.createCategory.request" | "records/contacts.createRecord.request" | "records/contacts.listRecords.params" | "records/contacts.updateRecord.request" | "records/projectblogs.createCategory.request" | "records/projectblogs.createRecord.request" | "records/projectblogs.listRecords.params" | "records/projectblogs.updateRecord.request" | "records/tickets.createCategory.request" | "records/tickets.createRecord.request" | "records/tickets.listRecords.params" | "records/tickets.updateRecord.request" | "reportActivities.params" | "reportCalendar.params" | "reportFollowups.params" | "reportNextactions.params" | "reportOpportunities.params" | "reportTimetracking.params" | "updateHook.request";
/** The compiled validator of each target. */
export declare const validators: ReadonlyMap<string, CompiledValidator>;
/**
 * Checks a typed request body or parameter set against its JSON Schema (target: a RequestTarget,
 * e.g. 'activities/task.createActivity.request'). Empty when valid. Throws on an unknown target.
 */
export declare function validateRequest(target: string, value: unknown): ValidationError[];
/** "invalidparent" unless an activity of `segment` may be created under `parent`. */
export declare function checkParent(segment: string, parent: {
    kind: 'record';
} | {
    kind: 'activity';
    segment: string;
}): ValidationError | null;
/** "cannotcreatecompleted" for each flag of `data` that cannot be 1 when the activity is created. */
export declare function checkCreate(segment: string, data: Readonly<Record<string, unknown>>): ValidationError[];
/** "conditionnotmet" for each conditional field of `data` given while its condition does not hold. */
export declare function checkConditions(segment: string, data: Readonly<Record<string, unknown>>): ValidationError[];
/** "onlyoneperparent" when the parent already holds an activity of a one-per-parent segment. */
export declare function checkOnePerParent(segment: string, existingOfSameType: number): ValidationError | null;
