import type { Contenttypes, Currencies, Hookevents, Hooktypes, Opportunitystatuses, Valueintervals } from "./values.js";
import type { AuditFields, KindName, RecordFieldsOf } from "./records.js";
import type { ActivityFieldsBySegment, ActivitySegment } from "./activities/index.js";
export type Status = 'success' | 'failed';
/** An uploaded file (multipart/form-data); name, size and type are recorded in the activity's fields. */
export interface Upload {
    filename: string;
    contenttype?: string;
    size?: number;
}
export type CategoryTag = {
    id: number;
    name: string;
};
export type RelatedItem = {
    id: number;
    typeid?: number;
    name?: string;
    note?: string;
};
/** A record as returned by show. */
export type Item<K extends KindName = KindName> = {
    id: number;
    name: string;
    typeid: number;
    /** UTC date and time, ISO 8601. */
    created: string;
    /** UTC date and time, ISO 8601. */
    viewed: string;
    /** UTC date and time, ISO 8601. */
    updated: string;
    /** User id or workgroup id. */
    ownership: number;
    /** Answers: the name of the user or group ownership names (XML: its cn attribute). Ignored in requests. */
    "ownership@cn"?: string;
    /** 1 when flagged, empty otherwise. */
    flagged: 0 | 1;
    fields: RecordFieldsOf<K> & AuditFields;
};
/** One activity of an item's journal, element id<activityId>. */
export type ActivityEntry<S extends ActivitySegment = ActivitySegment> = {
    level: number;
    cn: string;
    /** UTC date and time, ISO 8601. */
    created: string;
    /** UTC date and time, ISO 8601. */
    viewed: string;
    /** UTC date and time, ISO 8601. */
    updated: string;
    flagged: 0 | 1;
    typeid: number;
    /** Id of the parent record or activity. */
    parent: number;
    creatorid: number;
    creatorname: string;
    position: number;
    fields: ActivityFieldsBySegment[S];
    modificatorid: number;
    modificatorname: string;
    id: number;
};
/** One record of a list, element id<itemId>; only fields that have values appear. */
export type ListEntry<K extends KindName = KindName> = RecordFieldsOf<K> & {
    id: number;
    name: string;
    parentid?: number;
    flagged?: 0 | 1;
    /** Company names, comma-separated. */
    company?: string;
    /** UTC date and time, ISO 8601. */
    created?: string;
    /** UTC date and time, ISO 8601. */
    viewed?: string;
    /** UTC date and time, ISO 8601. */
    updated?: string;
    /** Present when layout = 1 and categories = 1. */
    categories?: Array<CategoryTag>;
};
export type FieldDefinition = {
    id: number;
    /** Custom fields are named custom<fieldId>. */
    name: string;
    label?: string;
    /** Empty, text, select, ...; owner for a field holding a user or group id (assignedto). */
    type?: string;
    options?: Array<string>;
    categories?: Array<number>;
};
export type User = {
    id: number;
    name: string;
    email: string;
    preventlogin: 0 | 1;
    preventprivatedata: 0 | 1;
    administrator: 0 | 1;
};
export type Group = {
    id: number;
    name: string;
    email: string;
};
export type CategoryChanges = {
    add?: Array<number>;
    remove?: Array<number>;
};
export type RelatedItemAdd = {
    id: number;
    note?: string;
};
export type RelatedItemRemove = {
    id: number;
};
/**
 * The parent record of a report entry, present when itemsdata = 1.
 * Assumed: not shown in the document.
 */
export type ReportItem<K extends KindName = KindName> = {
    id: number;
    name?: string;
    typeid?: number;
    fields?: RecordFieldsOf<K> & AuditFields;
};
/** A time record in the timetracking report (fields as in section 2). */
export type ReportTimeRecord<K extends KindName = KindName> = {
    id: number;
    /** Always 15. */
    type: number;
    itemid: number;
    itemtype: number;
    tasklistid: number;
    taskid: number;
    owner: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    /** UTC date and time, ISO 8601. */
    created: string;
    billable: 0 | 1;
    person: number;
    /** Answers: the name of the user or group person names (XML: its cn attribute). Ignored in requests. */
    "person@cn"?: string;
    hours: number;
    /** UTC date and time, ISO 8601. */
    date: string;
    invoiced: string;
    details: string;
    itemname: string;
    tasklistname: string;
    taskname: string;
    item?: ReportItem<K>;
};
/** Assumed: shape not shown in the document. */
export type ReportAction<K extends KindName = KindName> = {
    id: number;
    /** Type id (task 14, event 4, task list 22 for milestones). */
    type: number;
    itemid: number;
    itemtype: number;
    itemname?: string;
    owner?: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    /** UTC date and time, ISO 8601. */
    created?: string;
    title?: string;
    /** Due date, event start or milestone date. UTC date and time, ISO 8601. */
    date?: string;
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
    priority?: number;
    completed?: 0 | 1;
    item?: ReportItem<K>;
};
/** Assumed: shape not shown in the document. */
export type ReportFollowup<K extends KindName = KindName> = {
    id: number;
    /** Always 6. */
    type: number;
    itemid: number;
    itemtype: number;
    itemname?: string;
    owner?: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    /** UTC date and time, ISO 8601. */
    created?: string;
    details?: string;
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
    nodate?: 0 | 1;
    /** UTC date and time, ISO 8601. */
    duedate?: string;
    item?: ReportItem<K>;
};
/** Assumed: shape not shown in the document. */
export type ReportOpportunity<K extends KindName = KindName> = {
    id: number;
    /** Always 32. */
    type: number;
    itemid: number;
    itemtype: number;
    itemname?: string;
    owner?: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    /** UTC date and time, ISO 8601. */
    created?: string;
    /** When the opportunity was last changed (read by integrations of the original service). UTC date and time, ISO 8601. */
    modified?: string;
    description?: string;
    valueunit?: number;
    valuecurrency?: Currencies;
    valueinterval?: Valueintervals;
    valueduration?: number;
    stage?: number;
    probability?: number;
    /** UTC date and time, ISO 8601. */
    closingdate?: string;
    responsible?: number;
    /** Answers: the name of the user or group responsible names (XML: its cn attribute). Ignored in requests. */
    "responsible@cn"?: string;
    status?: Opportunitystatuses;
    item?: ReportItem<K>;
};
/** An activity in the activities report. Integrations of the original service read id, typeid, parent, parenttypeid, comments and fields/...; type, itemid, itemtype, itemname, owner, created, updated, title and completed are ours, kept for existing clients. */
export type ReportActivity<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    id: number;
    type: number;
    /** The activity's type id (same as type). */
    typeid: number;
    /** Id of the parent record or activity. */
    parent: number;
    /** Type id of the parent: the record kind's (contact 1, company 40, ...) or the parent activity's. */
    parenttypeid: number;
    itemid: number;
    itemtype: number;
    itemname?: string;
    owner?: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    /** UTC date and time, ISO 8601. */
    created?: string;
    /** UTC date and time, ISO 8601. */
    updated?: string;
    title?: string;
    completed?: 0 | 1;
    /** The activity's fields, as in show (by typeid). */
    fields?: ActivityFieldsBySegment[S];
    /** Comments directly under the activity, oldest first; empty when none. */
    comments: Array<ReportComment>;
    item?: ReportItem<K>;
};
/**
 * A comment on an activity in the activities report.
 * Assumed: the original's comment element is not shown; these are a comment's own facts.
 */
export type ReportComment = {
    id: number;
    /** UTC date and time, ISO 8601. */
    created: string;
    /** Who wrote it. */
    owner: number;
    /** Answers: the name of the user or group owner names (XML: its cn attribute). Ignored in requests. */
    "owner@cn"?: string;
    posttext: string;
};
/**
 * One attempt to deliver a notification to a hook (GET /hooks/{id}/deliveries).
 * Assumed: the document has no delivery log; newest attempt first, at most the last 100 of the hook.
 */
export type HookDelivery = {
    /** The delivery (one notification to this hook); redeliver takes it. */
    id: number;
    /** The webhook-id header: the same on every attempt and redelivery of one notification. */
    webhookid: string;
    event: Hookevents;
    /** Id of the record or activity. */
    objectid: number;
    /** 1 for the first attempt of the delivery, 2 for the first retry, ... */
    attempt: number;
    /** UTC date and time, ISO 8601. */
    attempted: string;
    /** delivered, retrying (another attempt is due at nextretry), failed (no retry left, or the address was refused), cancelled (the hook was deleted, deactivated or got a new url). */
    outcome: string;
    /** The receiver's HTTP status; absent when no answer came. */
    httpstatus?: number;
    /** Why the attempt failed (the HTTP status, a refused address, a timeout, a connection error). */
    error?: string;
    /** Milliseconds from sending to the answer (or to the error). */
    duration: number;
    /** When the next attempt is due (outcome retrying). UTC date and time, ISO 8601. */
    nextretry?: string;
};
/** What show returns for the record (items.* events). */
export type ItemNotificationContent<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
    categories?: Array<CategoryTag>;
    relateditems?: Array<RelatedItem>;
};
/** The activity with its fields, its type name and the id of its record (activities.* events). */
export type ActivityNotificationContent<S extends ActivitySegment = ActivitySegment> = {
    id: number;
    /** The activity's segment. */
    name: string;
    typeid: number;
    /** Id of the record the activity belongs to. */
    item: number;
    parent: number;
    level?: number;
    position?: number;
    /** UTC date and time, ISO 8601. */
    created?: string;
    /** UTC date and time, ISO 8601. */
    updated?: string;
    creatorid?: number;
    creatorname?: string;
    fields?: ActivityFieldsBySegment[S];
};
/** A webhook as listed by GET /hooks/. */
export type Hook = {
    id: number;
    /** web (only class). Default "web". */
    type: Hooktypes;
    /** Free text describing the purpose. */
    title: string;
    /** 0 = disabled, 1 = enabled. Default 1. */
    active: 0 | 1;
    event: Hookevents;
    /** Narrows the item kind or activity segment; valid values depend on the event family. Default "all". */
    constrainttype: string;
    /** Any valid publicly reachable address. */
    url: string;
    /** Default "xml". */
    contenttype: Contenttypes;
    /** Optional; key of the body hash. */
    secret?: string;
    /** Why the service set active to 0 (deliveries kept failing); absent otherwise. Setting active to 1 clears it. */
    disabledreason?: string;
};
/** Body of POST /hooks/. */
export type HookCreate = {
    /** web (only class). Default "web". */
    type?: Hooktypes;
    /** Free text describing the purpose. */
    title?: string;
    /** 0 = disabled, 1 = enabled. Default 1. */
    active?: 0 | 1;
    event: Hookevents;
    /** Narrows the item kind or activity segment; valid values depend on the event family. Default "all". */
    constrainttype?: string;
    /** Any valid publicly reachable address. */
    url: string;
    /** Default "xml". */
    contenttype?: Contenttypes;
    /** Optional; key of the body hash. */
    secret?: string;
};
/** Body of PUT /hooks/{id}: any of the fields. */
export type HookUpdate = {
    /** web (only class). Default "web". */
    type?: Hooktypes;
    /** Free text describing the purpose. */
    title?: string;
    /** 0 = disabled, 1 = enabled. Default 1. */
    active?: 0 | 1;
    event?: Hookevents;
    /** Narrows the item kind or activity segment; valid values depend on the event family. Default "all". */
    constrainttype?: string;
    /** Any valid publicly reachable address. */
    url?: string;
    /** Default "xml". */
    contenttype?: Contenttypes;
    /** Optional; key of the body hash. */
    secret?: string;
};
