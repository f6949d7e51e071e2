import type * as T from "./types/index.js";
import type * as V from "./views.js";
import { type WebhookHeaders } from "./runtime/client.js";
import type { ActivityId, ApiPromise, CallOptions, ClientOptions, Quota, RecordId } from "./runtime/client.js";
import { type UploadOptions } from "./core.js";
export { ServiceError, AuthenticationError, NotFoundError, ValidationError, RateLimitError, ServerError, ConnectionError, verifyWebhook, type WebhookHeaders, type VerifyOptions } from "./runtime/client.js";
export type { ActivityId, ApiPromise, CallOptions, ClientErrorKey, ClientOptions, ErrorDetail, ErrorKeyOf, Quota, RecordId, ResponseInfo, RetryOptions } from "./runtime/client.js";
export { asId, type UploadOptions } from "./core.js";
export type * from "./types/index.js";
export type * from "./views.js";
export type { Item, ActivityEntry, ListEntry, ReportItem, ReportTimeRecord, ReportAction, ReportFollowup, ReportOpportunity, ReportActivity, ItemNotificationContent, ActivityNotificationContent, Hook, HookCreate, HookUpdate, ListRecordsResponse, CreateRecordResponse, ShowRecordResponse, CreateActivityRequest, CreateActivityResponse, UpdateActivityRequest, CreateHookRequest, UpdateHookRequest, ListHooksResponse, ReportNextactionsResponse, ReportCalendarResponse, ReportFollowupsResponse, ReportOpportunitiesResponse, ReportActivitiesResponse, ReportTimetrackingResponse, ItemsNotification, ActivitiesNotification, Notification } from "./views.js";
/** Operations on activities of one segment. */
export type ActivityResource<S extends T.ActivitySegment> = {
    create: (body: V.CreateActivityRequest<S>, options?: UploadOptions) => ApiPromise<V.CreateActivityResponse<S>>;
    /** PUT /{kind}/{segment}/{id}: Update activity. */
    update: (id: ActivityId<S>, body: V.UpdateActivityRequest<S>, options?: UploadOptions) => ApiPromise<T.UpdateActivityResponse>;
    /** DELETE /{kind}/{segment}/{id}/: Delete activity. */
    delete: (id: ActivityId<S>, options?: CallOptions) => ApiPromise<T.DeleteActivityResponse>;
};
/** Operations on the records of one kind, its category tags, fields and activities. */
export type KindResource<K extends T.KindName> = {
    list: (params?: T.ListRecordsParams, options?: CallOptions) => ApiPromise<V.ListRecordsResponse<K>>;
    /** POST /{kind}/: Create record. */
    create: (body: T.CreateRecordRequest<K>, options?: CallOptions) => ApiPromise<V.CreateRecordResponse<K, T.ActivitySegment>>;
    /** GET /{kind}/{id}/: Show record with its activities (email messages excluded), categories and related items. */
    show: (id: RecordId<K>, options?: CallOptions) => ApiPromise<V.ShowRecordResponse<K, T.ActivitySegment>>;
    /** PUT /{kind}/{id}/: Update record. */
    update: (id: RecordId<K>, body: T.UpdateRecordRequest<K>, options?: CallOptions) => ApiPromise<T.UpdateRecordResponse>;
    /** DELETE /{kind}/{id}/: Delete record. */
    delete: (id: RecordId<K>, options?: CallOptions) => ApiPromise<T.DeleteRecordResponse>;
    categories: {
        create: (body: T.CreateCategoryRequest, options?: CallOptions) => ApiPromise<T.CreateCategoryResponse>;
        /** GET /{kind}/categories/: List category tags. */
        list: (options?: CallOptions) => ApiPromise<T.ListCategoriesResponse>;
    };
    fields: {
        list: (options?: CallOptions) => ApiPromise<T.ListFieldsResponse>;
    };
    /** Every list records result, page by page (start/limit). */
    iterate: (params?: T.ListRecordsParams, options?: CallOptions) => AsyncIterableIterator<NonNullable<V.ListRecordsResponse<K>["entries"]>[number]>;
    activities: {
        [S in T.ActivitySegment]: ActivityResource<S>;
    };
};
/** Operations that belong to no record kind. */
export type RootResources = {
    ownership: {
        list: (params?: T.ListOwnershipParams, options?: CallOptions) => ApiPromise<T.ListOwnershipResponse>;
    };
    hooks: {
        create: (body: V.CreateHookRequest, options?: CallOptions) => ApiPromise<T.CreateHookResponse>;
        /** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
        update: (id: number, body: V.UpdateHookRequest, options?: CallOptions) => ApiPromise<T.UpdateHookResponse>;
        /** GET /hooks/: List webhooks. */
        list: (options?: CallOptions) => ApiPromise<V.ListHooksResponse>;
        /** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
        deliveries: (id: number, options?: CallOptions) => ApiPromise<T.ListHookDeliveriesResponse>;
        /** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
        redeliver: (id: number, deliveryId: number, options?: CallOptions) => ApiPromise<T.RedeliverHookResponse>;
        /** DELETE /hooks/{id}: Delete webhook. */
        delete: (id: number, options?: CallOptions) => ApiPromise<T.DeleteHookResponse>;
    };
    reports: {
        nextactions: (params?: T.ReportNextactionsParams, options?: CallOptions) => ApiPromise<V.ReportNextactionsResponse<T.KindName>>;
        /** GET /report/calendar/: Report: Tasks, events, milestones. */
        calendar: (params?: T.ReportCalendarParams, options?: CallOptions) => ApiPromise<V.ReportCalendarResponse<T.KindName>>;
        /** GET /report/followups/: Report: Open follow-ups. */
        followups: (params?: T.ReportFollowupsParams, options?: CallOptions) => ApiPromise<V.ReportFollowupsResponse<T.KindName>>;
        /** GET /report/opportunities/: Report: Opportunities by user and status. */
        opportunities: (params?: T.ReportOpportunitiesParams, options?: CallOptions) => ApiPromise<V.ReportOpportunitiesResponse<T.KindName>>;
        /** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
        activities: (params?: T.ReportActivitiesParams, options?: CallOptions) => ApiPromise<V.ReportActivitiesResponse<T.KindName, T.ActivitySegment>>;
        /** GET /report/timetracking/: Report: Time records in a date range. */
        timetracking: (params?: T.ReportTimetrackingParams, options?: CallOptions) => ApiPromise<V.ReportTimetrackingResponse<T.KindName>>;
    };
};
/** Every operation of the API. */
export type Resources = {
    contacts: KindResource<"contacts">;
    companies: KindResource<"companies">;
    projectblogs: KindResource<"projectblogs">;
    tickets: KindResource<"tickets">;
} & RootResources;
/** The operations a batch can queue (every one but paging). */
export type BatchResources = {
    contacts: Omit<KindResource<"contacts">, "iterate">;
    companies: Omit<KindResource<"companies">, "iterate">;
    projectblogs: Omit<KindResource<"projectblogs">, "iterate">;
    tickets: Omit<KindResource<"tickets">, "iterate">;
} & RootResources;
/** Queued calls, sent together by send(): one multipart/mixed request per 100 calls. Each queued call resolves with its own typed result or rejects with its own ServiceError. */
export interface Batch {
    send(): Promise<void>;
}
/** A client of the service: every resource, the latest quota, and batches. */
export type Client = Resources & {
    readonly quota: Quota | undefined;
    batch(): BatchResources & Batch;
};
/** A client of the service at baseUrl, authenticating with the e-mail address and API token: every resource, in XML or JSON. For a bundle that holds only the calls an app makes, use connect from ./core with the functions of ./resources/*. */
export declare function createClient(options: ClientOptions): Client;
export declare function decodeNotification(body: string, contentType: string): V.Notification;
export declare function decodeNotification(body: string, headers: WebhookHeaders): V.Notification & {
    webhookId?: string;
};
