import type * as T from "./types/index.js";
import type { UploadedFile } from "./runtime/form-data.js";
/** One method per operation of the API. C is the caller context your authenticate hook returns. Throw ServiceError(key, message) for a failure; its HTTP status comes from the spec. */
export interface Handlers<C> {
    /** GET /{kind}/: List records. */
    listRecords(input: {
        kind: T.KindName;
        params: T.ListRecordsParams;
    }, context: C): Promise<T.ListRecordsResponse<T.KindName>>;
    /** POST /{kind}/: Create record. Answers 201. */
    createRecord(input: {
        kind: T.KindName;
        body: T.CreateRecordRequest<T.KindName>;
    }, context: C): Promise<{
        body: T.CreateRecordResponse<T.KindName, T.ActivitySegment>;
        location: string;
    }>;
    /** GET /{kind}/{id}/: Show record with its activities (email messages excluded), categories and related items. */
    showRecord(input: {
        kind: T.KindName;
        id: number;
    }, context: C): Promise<T.ShowRecordResponse<T.KindName, T.ActivitySegment>>;
    /** PUT /{kind}/{id}/: Update record. */
    updateRecord(input: {
        kind: T.KindName;
        id: number;
        body: T.UpdateRecordRequest<T.KindName>;
    }, context: C): Promise<T.UpdateRecordResponse>;
    /** DELETE /{kind}/{id}/: Delete record. */
    deleteRecord(input: {
        kind: T.KindName;
        id: number;
    }, context: C): Promise<T.DeleteRecordResponse>;
    /** POST /{kind}/categories/: Create category tag. */
    createCategory(input: {
        kind: T.KindName;
        body: T.CreateCategoryRequest;
    }, context: C): Promise<T.CreateCategoryResponse>;
    /** GET /{kind}/categories/: List category tags. */
    listCategories(input: {
        kind: T.KindName;
    }, context: C): Promise<T.ListCategoriesResponse>;
    /** GET /{kind}/fields/: List fields. */
    listFields(input: {
        kind: T.KindName;
    }, context: C): Promise<T.ListFieldsResponse>;
    /** GET /ownership/: List users and groups. */
    listOwnership(input: {
        params: T.ListOwnershipParams;
    }, context: C): Promise<T.ListOwnershipResponse>;
    /** POST /{kind}/{segment}/: Create activity. */
    createActivity(input: {
        kind: T.KindName;
    } & {
        [S in T.ActivitySegment]: {
            segment: S;
            body: T.CreateActivityRequest<S>;
            files: Record<string, UploadedFile>;
        };
    }[T.ActivitySegment], context: C): Promise<T.CreateActivityResponse<T.ActivitySegment>>;
    /** PUT /{kind}/{segment}/{id}: Update activity. */
    updateActivity(input: {
        kind: T.KindName;
        id: number;
    } & {
        [S in T.ActivitySegment]: {
            segment: S;
            body: T.UpdateActivityRequest<S>;
            files: Record<string, UploadedFile>;
        };
    }[T.ActivitySegment], context: C): Promise<T.UpdateActivityResponse>;
    /** DELETE /{kind}/{segment}/{id}/: Delete activity. */
    deleteActivity(input: {
        kind: T.KindName;
        id: number;
    } & {
        [S in T.ActivitySegment]: {
            segment: S;
        };
    }[T.ActivitySegment], context: C): Promise<T.DeleteActivityResponse>;
    /** POST /hooks/: Create webhook. */
    createHook(input: {
        body: T.CreateHookRequest;
    }, context: C): Promise<T.CreateHookResponse>;
    /** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
    updateHook(input: {
        id: number;
        body: T.UpdateHookRequest;
    }, context: C): Promise<T.UpdateHookResponse>;
    /** GET /hooks/: List webhooks. */
    listHooks(input: {}, context: C): Promise<T.ListHooksResponse>;
    /** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
    listHookDeliveries(input: {
        id: number;
    }, context: C): Promise<T.ListHookDeliveriesResponse>;
    /** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
    redeliverHook(input: {
        id: number;
        deliveryId: number;
    }, context: C): Promise<T.RedeliverHookResponse>;
    /** DELETE /hooks/{id}: Delete webhook. */
    deleteHook(input: {
        id: number;
    }, context: C): Promise<T.DeleteHookResponse>;
    /** GET /report/nextactions/: Report: Tasks, events, milestones. */
    reportNextactions(input: {
        params: T.ReportNextactionsParams;
    }, context: C): Promise<T.ReportNextactionsResponse<T.KindName>>;
    /** GET /report/calendar/: Report: Tasks, events, milestones. */
    reportCalendar(input: {
        params: T.ReportCalendarParams;
    }, context: C): Promise<T.ReportCalendarResponse<T.KindName>>;
    /** GET /report/followups/: Report: Open follow-ups. */
    reportFollowups(input: {
        params: T.ReportFollowupsParams;
    }, context: C): Promise<T.ReportFollowupsResponse<T.KindName>>;
    /** GET /report/opportunities/: Report: Opportunities by user and status. */
    reportOpportunities(input: {
        params: T.ReportOpportunitiesParams;
    }, context: C): Promise<T.ReportOpportunitiesResponse<T.KindName>>;
    /** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
    reportActivities(input: {
        params: T.ReportActivitiesParams;
    }, context: C): Promise<T.ReportActivitiesResponse<T.KindName, T.ActivitySegment>>;
    /** GET /report/timetracking/: Report: Time records in a date range. */
    reportTimetracking(input: {
        params: T.ReportTimetrackingParams;
    }, context: C): Promise<T.ReportTimetrackingResponse<T.KindName>>;
}
