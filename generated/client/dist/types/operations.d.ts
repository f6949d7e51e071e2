import type { Duekeywords, Filtermodes, Itemsdata, Itemtypes, Lastmodes, Layouts, Reportactivitytypes, Reportopportunitystatuses, Searchmodes, Sortdirs, Sortfields, Specials, Timetrackingfilters } from "./values.js";
import type { KindName, RecordFieldsOf } from "./records.js";
import type { ActivityFieldsBySegment, ActivitySegment } from "./activities/index.js";
import type { ActivityEntry, CategoryChanges, CategoryTag, FieldDefinition, Group, Hook, HookCreate, HookDelivery, HookUpdate, Item, ListEntry, RelatedItem, RelatedItemAdd, RelatedItemRemove, ReportAction, ReportActivity, ReportFollowup, ReportOpportunity, ReportTimeRecord, Status, User } from "./structures.js";
/** Parameters (query string or request body) of GET /{kind}/: List records. */
export type ListRecordsParams = {
    /** 0 = summary, 1 = all fields. */
    layout?: Layouts;
    /** Fields to output when layout = 1. */
    fieldslist?: string[];
    /** Output categories when layout = 1. */
    categories?: 0 | 1;
    /** Primary filter. */
    filtermode?: Filtermodes;
    /** Filter value. */
    filtervalue?: string;
    /** Match any or all specified categories. */
    special?: Specials;
    /** Sub-filter: S = starts with, C = contains, E = is empty, N = is not empty. */
    searchmode?: Searchmodes;
    /** Search text. */
    searchvalue?: string;
    /** Records per page. Range 1-5000. Default 50. */
    limit?: number;
    /** First record, zero based. Range 0-…. Default 0. */
    start?: number;
    sortfield?: Sortfields;
    sortdir?: Sortdirs;
};
/** Response body of GET /{kind}/: List records. */
export type ListRecordsResponse<K extends KindName = KindName> = {
    entries?: Array<ListEntry<K>>;
    /** Total number of matching records. */
    count: number;
    status: Status;
};
/** Request body of POST /{kind}/: Create record. */
export type CreateRecordRequest<K extends KindName = KindName> = RecordFieldsOf<K> & {
    /** Id of a user or workgroup; defaults to the current user. */
    ownership?: number;
    /** Answers: the name of the user or group ownership names (XML: its cn attribute). Ignored in requests. */
    "ownership@cn"?: string;
    /** 1 flags it, 0 clears the flag (show and lists give 1 or empty); filtermode=flagged and sortfield=flagged act on it. */
    flagged?: 0 | 1;
    categories?: {
        add?: Array<number>;
    };
    relateditems?: {
        add?: Array<RelatedItemAdd>;
    };
};
/** Response body of POST /{kind}/: Create record. */
export type CreateRecordResponse<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
    categories?: Array<CategoryTag>;
    relateditems?: Array<RelatedItem>;
    status: Status;
};
/** Response body of GET /{kind}/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export type ShowRecordResponse<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
    categories?: Array<CategoryTag>;
    relateditems?: Array<RelatedItem>;
    status: Status;
};
/** Request body of PUT /{kind}/{id}/: Update record. */
export type UpdateRecordRequest<K extends KindName = KindName> = RecordFieldsOf<K> & {
    /** Id of a user or workgroup. */
    ownership?: number;
    /** Answers: the name of the user or group ownership names (XML: its cn attribute). Ignored in requests. */
    "ownership@cn"?: string;
    /** 1 flags it, 0 clears the flag (show and lists give 1 or empty); filtermode=flagged and sortfield=flagged act on it. */
    flagged?: 0 | 1;
    categories?: CategoryChanges;
    relateditems?: {
        add?: Array<RelatedItemAdd>;
        remove?: Array<RelatedItemRemove>;
    };
};
/** Response body of PUT /{kind}/{id}/: Update record. */
export type UpdateRecordResponse = {
    status: Status;
};
/** Response body of DELETE /{kind}/{id}/: Delete record. */
export type DeleteRecordResponse = {
    status: Status;
};
/** Request body of POST /{kind}/categories/: Create category tag. */
export type CreateCategoryRequest = {
    name: string;
};
/** Response body of POST /{kind}/categories/: Create category tag. */
export type CreateCategoryResponse = {
    id: number;
    status: Status;
};
/** Response body of GET /{kind}/categories/: List category tags. */
export type ListCategoriesResponse = {
    categories: Array<CategoryTag>;
    status: Status;
};
/** Response body of GET /{kind}/fields/: List fields. */
export type ListFieldsResponse = {
    fields: Array<FieldDefinition>;
    status: Status;
};
/** Parameters (query string or request body) of GET /ownership/: List users and groups. */
export type ListOwnershipParams = {
    /** 1 includes deleted users and groups. */
    deleted?: 0 | 1;
};
/** Response body of GET /ownership/: List users and groups. */
export type ListOwnershipResponse = {
    users: Array<User>;
    groups: Array<Group>;
    status: Status;
};
/** Request body of POST /{kind}/{segment}/: Create activity. */
export type CreateActivityRequest<S extends ActivitySegment = ActivitySegment> = {
    /** Id of the parent record or activity; allowed parents follow the hierarchy. */
    parent: number;
    /** The activity's fields. */
    data?: ActivityFieldsBySegment[S];
    /** 1 flags it, 0 clears the flag (show and lists give 1 or empty); filtermode=flagged and sortfield=flagged act on it. */
    flagged?: 0 | 1;
    /** Id of an activity; positions the new one after it. */
    after?: number;
    /** Id of an activity; positions the new one before it. */
    before?: number;
};
/** Response body of POST /{kind}/{segment}/: Create activity. */
export type CreateActivityResponse<S extends ActivitySegment = ActivitySegment> = {
    id: number;
    data: ActivityFieldsBySegment[S];
    /** Text in the form Mon D, YYYY hh:mm:ss. */
    created: string;
    status: Status;
};
/** Request body of PUT /{kind}/{segment}/{id}: Update activity. */
export type UpdateActivityRequest<S extends ActivitySegment = ActivitySegment> = {
    /** A different parent moves the activity to that contact, company or project blog. */
    parent?: number;
    /** The fields to change. */
    data?: ActivityFieldsBySegment[S];
    /** 1 flags it, 0 clears the flag (show and lists give 1 or empty); filtermode=flagged and sortfield=flagged act on it. */
    flagged?: 0 | 1;
    after?: number;
    before?: number;
};
/** Response body of PUT /{kind}/{segment}/{id}: Update activity. */
export type UpdateActivityResponse = {
    status: Status;
};
/** Response body of DELETE /{kind}/{segment}/{id}/: Delete activity. */
export type DeleteActivityResponse = {
    status: Status;
};
/** Request body of POST /hooks/: Create webhook. */
export type CreateHookRequest = HookCreate;
/** Response body of POST /hooks/: Create webhook. */
export type CreateHookResponse = HookCreate & {
    id: number;
    status: Status;
};
/** Request body of PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export type UpdateHookRequest = HookUpdate;
/** Response body of PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export type UpdateHookResponse = {
    status: Status;
};
/** Response body of GET /hooks/: List webhooks. */
export type ListHooksResponse = {
    hooks: Array<Hook>;
    status: Status;
};
/** Response body of GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
export type ListHookDeliveriesResponse = {
    deliveries: Array<HookDelivery>;
    status: Status;
};
/** Response body of POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
export type RedeliverHookResponse = {
    /** The new delivery. */
    id: number;
    status: Status;
};
/** Response body of DELETE /hooks/{id}: Delete webhook. */
export type DeleteHookResponse = {
    status: Status;
};
/** Parameters (query string or request body) of GET /report/nextactions/: Report: Tasks, events, milestones. */
export type ReportNextactionsParams = {
    /** User id or group id; 0 = no one; empty = anyone. */
    filter?: number | '';
    /** now, next7, next30, nodate, or dateFrom,dateTo; omitted = no date filter. */
    due?: Duekeywords | `${string},${string}`;
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/nextactions/: Report: Tasks, events, milestones. */
export type ReportNextactionsResponse<K extends KindName = KindName> = {
    actions: Array<ReportAction<K>>;
    status: Status;
};
/** Parameters (query string or request body) of GET /report/calendar/: Report: Tasks, events, milestones. */
export type ReportCalendarParams = {
    /** First day of the range. Date, YYYY-MM-DD. */
    start?: string;
    /** Last day of the range. Date, YYYY-MM-DD. */
    end?: string;
    /** User id or group id; 0 = without attendees; empty = anyone. */
    filter?: number | '';
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/calendar/: Report: Tasks, events, milestones. */
export type ReportCalendarResponse<K extends KindName = KindName> = {
    actions: Array<ReportAction<K>>;
    status: Status;
};
/** Parameters (query string or request body) of GET /report/followups/: Report: Open follow-ups. */
export type ReportFollowupsParams = {
    /** User id or group id; 0 = no one; empty = anyone. */
    responsible?: number | '';
    /** now, next7, next30, nodate, or dateFrom,dateTo; omitted = no date filter. */
    due?: Duekeywords | `${string},${string}`;
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/followups/: Report: Open follow-ups. */
export type ReportFollowupsResponse<K extends KindName = KindName> = {
    followups: Array<ReportFollowup<K>>;
    status: Status;
};
/** Parameters (query string or request body) of GET /report/opportunities/: Report: Opportunities by user and status. */
export type ReportOpportunitiesParams = {
    /** User id or group id; 0 = no one; empty = anyone. */
    filter?: number | '';
    status?: Reportopportunitystatuses;
    /** now, next7, next30, nodate, or dateFrom,dateTo; omitted = no date filter. */
    due?: Duekeywords | `${string},${string}`;
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/opportunities/: Report: Opportunities by user and status. */
export type ReportOpportunitiesResponse<K extends KindName = KindName> = {
    opportunities: Array<ReportOpportunity<K>>;
    status: Status;
};
/** Parameters (query string or request body) of GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export type ReportActivitiesParams = {
    /** First day of the range. Date, YYYY-MM-DD. */
    start?: string;
    /** Last day of the range. Date, YYYY-MM-DD. */
    end?: string;
    last?: Lastmodes;
    /** Each one of Reportactivitytypes. */
    types?: Array<Reportactivitytypes>;
    /** Group or user ids of the account. */
    users?: number[];
    /** Category tag ids. */
    categories?: number[];
    /** Each one of Itemtypes. */
    itemtypes?: Array<Itemtypes>;
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export type ReportActivitiesResponse<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    activities: Array<ReportActivity<K, S>>;
    status: Status;
};
/** Parameters (query string or request body) of GET /report/timetracking/: Report: Time records in a date range. */
export type ReportTimetrackingParams = {
    /** First day of the range. Date, YYYY-MM-DD. */
    start?: string;
    /** Last day of the range. Date, YYYY-MM-DD. */
    end?: string;
    filter?: Timetrackingfilters;
    /** Each one of Itemtypes. */
    itemtypes?: Array<Itemtypes>;
    /** 0 = no parent data, 1 = include parent data. */
    itemsdata?: Itemsdata;
};
/** Response body of GET /report/timetracking/: Report: Time records in a date range. */
export type ReportTimetrackingResponse<K extends KindName = KindName> = {
    timerecords: Array<ReportTimeRecord<K>>;
    status: Status;
};
/** Create-activity request of any segment, discriminated by segment. */
export type CreateActivity = {
    [S in ActivitySegment]: {
        segment: S;
    } & CreateActivityRequest<S>;
}[ActivitySegment];
