import type * as T from './types/index.js';
import { type WebhookHeaders } from './runtime/client.js';
import type { ClientOptions, Quota } from './runtime/client.js';
export { ServiceError, verifyWebhook, type WebhookHeaders, type VerifyOptions } from './runtime/client.js';
export type { ClientOptions, Quota, RetryOptions, ErrorDetail } from './runtime/client.js';
/** File contents of upload fields (data.file): the request goes as multipart/form-data. */
export interface UploadOptions {
    files?: Record<string, Blob | Uint8Array>;
}
/** Operations on activities of one segment. */
export type ActivityResource<S extends T.ActivitySegment> = {
    /** POST /{kind}/{segment}/: Create activity. */
    create: (body: T.CreateActivityRequest<S>, options?: UploadOptions) => Promise<T.CreateActivityResponse<S>>;
    /** PUT /{kind}/{segment}/{id}: Update activity. */
    update: (id: number, body: T.UpdateActivityRequest<S>, options?: UploadOptions) => Promise<T.UpdateActivityResponse>;
    /** DELETE /{kind}/{segment}/{id}/: Delete activity. */
    delete: (id: number) => Promise<T.DeleteActivityResponse>;
};
/** Operations on the records of one kind, its category tags, fields and activities. */
export type KindResource<K extends T.KindName> = {
    /** GET /{kind}/: List records. */
    list: (params?: T.ListRecordsParams) => Promise<T.ListRecordsResponse<K>>;
    /** POST /{kind}/: Create record. */
    create: (body: T.CreateRecordRequest<K>) => Promise<T.CreateRecordResponse<K, T.ActivitySegment>>;
    /** GET /{kind}/{id}/: Show record with its activities (email messages excluded), categories and related items. */
    show: (id: number) => Promise<T.ShowRecordResponse<K, T.ActivitySegment>>;
    /** PUT /{kind}/{id}/: Update record. */
    update: (id: number, body: T.UpdateRecordRequest<K>) => Promise<T.UpdateRecordResponse>;
    /** DELETE /{kind}/{id}/: Delete record. */
    delete: (id: number) => Promise<T.DeleteRecordResponse>;
    categories: {
        /** POST /{kind}/categories/: Create category tag. */
        create: (body: T.CreateCategoryRequest) => Promise<T.CreateCategoryResponse>;
        /** GET /{kind}/categories/: List category tags. */
        list: () => Promise<T.ListCategoriesResponse>;
    };
    fields: {
        /** GET /{kind}/fields/: List fields. */
        list: () => Promise<T.ListFieldsResponse>;
    };
    /** Every list records result, page by page (start/limit). */
    iterate: (params?: T.ListRecordsParams) => AsyncIterableIterator<NonNullable<T.ListRecordsResponse<K>['entries']>[number]>;
    activities: {
        [S in T.ActivitySegment]: ActivityResource<S>;
    };
};
/** Operations that belong to no record kind. */
export type RootResources = {
    ownership: {
        /** GET /ownership/: List users and groups. */
        list: (params?: T.ListOwnershipParams) => Promise<T.ListOwnershipResponse>;
    };
    hooks: {
        /** POST /hooks/: Create webhook. */
        create: (body: T.CreateHookRequest) => Promise<T.CreateHookResponse>;
        /** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
        update: (id: number, body: T.UpdateHookRequest) => Promise<T.UpdateHookResponse>;
        /** GET /hooks/: List webhooks. */
        list: () => Promise<T.ListHooksResponse>;
        /** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
        deliveries: (id: number) => Promise<T.ListHookDeliveriesResponse>;
        /** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
        redeliver: (id: number, deliveryId: number) => Promise<T.RedeliverHookResponse>;
        /** DELETE /hooks/{id}: Delete webhook. */
        delete: (id: number) => Promise<T.DeleteHookResponse>;
    };
    reports: {
        /** GET /report/nextactions/: Report: Tasks, events, milestones. */
        nextactions: (params?: T.ReportNextactionsParams) => Promise<T.ReportNextactionsResponse<T.KindName>>;
        /** GET /report/calendar/: Report: Tasks, events, milestones. */
        calendar: (params?: T.ReportCalendarParams) => Promise<T.ReportCalendarResponse<T.KindName>>;
        /** GET /report/followups/: Report: Open follow-ups. */
        followups: (params?: T.ReportFollowupsParams) => Promise<T.ReportFollowupsResponse<T.KindName>>;
        /** GET /report/opportunities/: Report: Opportunities by user and status. */
        opportunities: (params?: T.ReportOpportunitiesParams) => Promise<T.ReportOpportunitiesResponse<T.KindName>>;
        /** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
        activities: (params?: T.ReportActivitiesParams) => Promise<T.ReportActivitiesResponse<T.KindName, T.ActivitySegment>>;
        /** GET /report/timetracking/: Report: Time records in a date range. */
        timetracking: (params?: T.ReportTimetrackingParams) => Promise<T.ReportTimetrackingResponse<T.KindName>>;
    };
};
/** Every operation of the API. */
export type Resources = {
    contacts: KindResource<'contacts'>;
    companies: KindResource<'companies'>;
    projectblogs: KindResource<'projectblogs'>;
    tickets: KindResource<'tickets'>;
} & RootResources;
/** The operations a batch can queue (every one but paging). */
export type BatchResources = {
    contacts: Omit<KindResource<'contacts'>, 'iterate'>;
    companies: Omit<KindResource<'companies'>, 'iterate'>;
    projectblogs: Omit<KindResource<'projectblogs'>, 'iterate'>;
    tickets: Omit<KindResource<'tickets'>, 'iterate'>;
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
/** A client of the service at baseUrl, authenticating with the e-mail address and API token. */
export declare function createClient(options: ClientOptions): Client;
export declare function decodeNotification(body: string, contentType: string): T.Notification;
export declare function decodeNotification(body: string, headers: WebhookHeaders): T.Notification & {
    webhookId?: string;
};
