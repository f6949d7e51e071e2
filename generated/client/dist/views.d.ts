import type * as T from "./types/index.js";
import type { ActivityId, RecordId } from "./runtime/client.js";
export type { ActivityId, RecordId } from "./runtime/client.js";
/** The id of a contact (contacts); asId("contacts", n) makes one from a plain number. */
export type ContactId = RecordId<"contacts">;
/** The id of a company (companies); asId("companies", n) makes one from a plain number. */
export type CompanyId = RecordId<"companies">;
/** The id of a project blog (projectblogs); asId("projectblogs", n) makes one from a plain number. */
export type ProjectblogId = RecordId<"projectblogs">;
/** The id of a ticket (tickets); asId("tickets", n) makes one from a plain number. */
export type TicketId = RecordId<"tickets">;
/** The id of a attached file activity; asId("attachmentfile", n) makes one from a plain number. */
export type AttachmentfileId = ActivityId<"attachmentfile">;
/** The id of a call activity; asId("call", n) makes one from a plain number. */
export type CallId = ActivityId<"call">;
/** The id of a comment activity; asId("comment", n) makes one from a plain number. */
export type CommentId = ActivityId<"comment">;
/** The id of a marketing widget a activity; asId("marketingawidget", n) makes one from a plain number. */
export type MarketingawidgetId = ActivityId<"marketingawidget">;
/** The id of a marketing widget b activity; asId("marketingbwidget", n) makes one from a plain number. */
export type MarketingbwidgetId = ActivityId<"marketingbwidget">;
/** The id of a event activity; asId("event", n) makes one from a plain number. */
export type EventId = ActivityId<"event">;
/** The id of a file activity; asId("file", n) makes one from a plain number. */
export type FileId = ActivityId<"file">;
/** The id of a follow-up activity; asId("followup", n) makes one from a plain number. */
export type FollowupId = ActivityId<"followup">;
/** The id of a billing widget a activity; asId("billingawidget", n) makes one from a plain number. */
export type BillingawidgetId = ActivityId<"billingawidget">;
/** The id of a online document activity; asId("onlinedoc", n) makes one from a plain number. */
export type OnlinedocId = ActivityId<"onlinedoc">;
/** The id of a linked emails activity; asId("linkedemails", n) makes one from a plain number. */
export type LinkedemailsId = ActivityId<"linkedemails">;
/** The id of a note activity; asId("note", n) makes one from a plain number. */
export type NoteId = ActivityId<"note">;
/** The id of a opportunity activity; asId("opportunity", n) makes one from a plain number. */
export type OpportunityId = ActivityId<"opportunity">;
/** The id of a photo activity; asId("photo", n) makes one from a plain number. */
export type PhotoId = ActivityId<"photo">;
/** The id of a photo list activity; asId("photolist", n) makes one from a plain number. */
export type PhotolistId = ActivityId<"photolist">;
/** The id of a separator activity; asId("separator", n) makes one from a plain number. */
export type SeparatorId = ActivityId<"separator">;
/** The id of a scheduled email activity; asId("scheduledemail", n) makes one from a plain number. */
export type ScheduledemailId = ActivityId<"scheduledemail">;
/** The id of a task activity; asId("task", n) makes one from a plain number. */
export type TaskId = ActivityId<"task">;
/** The id of a task list activity; asId("tasklist", n) makes one from a plain number. */
export type TasklistId = ActivityId<"tasklist">;
/** The id of a template of activities activity; asId("template", n) makes one from a plain number. */
export type TemplateId = ActivityId<"template">;
/** The id of a time record activity; asId("timerecord", n) makes one from a plain number. */
export type TimerecordId = ActivityId<"timerecord">;
/** The id of a website activity; asId("website", n) makes one from a plain number. */
export type WebsiteId = ActivityId<"website">;
/** The id of a billing widget b activity; asId("billingbwidget", n) makes one from a plain number. */
export type BillingbwidgetId = ActivityId<"billingbwidget">;
/** The id of a support widget activity; asId("supportwidget", n) makes one from a plain number. */
export type SupportwidgetId = ActivityId<"supportwidget">;
/** The typeid of each segment: journal entries narrow on it. */
export interface ActivityTypeids {
    attachmentfile: 55;
    call: 73;
    comment: 91;
    marketingawidget: 29;
    marketingbwidget: 39;
    event: 4 | 5;
    file: 23;
    followup: 6;
    billingawidget: 27;
    onlinedoc: 37;
    linkedemails: 90;
    note: 3;
    opportunity: 32;
    photo: 24;
    photolist: 31;
    separator: 57;
    scheduledemail: 88;
    task: 14;
    tasklist: 22;
    template: 51;
    timerecord: 15;
    website: 7;
    billingbwidget: 96;
    supportwidget: 97;
}
/** The parent of attached file activities: the id of a scheduledemail (the hierarchy). */
export type AttachmentfileParentId = ActivityId<"scheduledemail">;
/** The parent of call activities: the id of a record of any kind (the hierarchy). */
export type CallParentId = RecordId<T.KindName>;
/** The parent of comment activities: the id of a billingawidget or a billingbwidget or a call or a event or a file or a followup or a linkedemails or a marketingawidget or a marketingbwidget or a note or a onlinedoc or a opportunity or a photolist or a scheduledemail or a separator or a supportwidget or a task or a tasklist or a website (the hierarchy). */
export type CommentParentId = ActivityId<"billingawidget"> | ActivityId<"billingbwidget"> | ActivityId<"call"> | ActivityId<"event"> | ActivityId<"file"> | ActivityId<"followup"> | ActivityId<"linkedemails"> | ActivityId<"marketingawidget"> | ActivityId<"marketingbwidget"> | ActivityId<"note"> | ActivityId<"onlinedoc"> | ActivityId<"opportunity"> | ActivityId<"photolist"> | ActivityId<"scheduledemail"> | ActivityId<"separator"> | ActivityId<"supportwidget"> | ActivityId<"task"> | ActivityId<"tasklist"> | ActivityId<"website">;
/** The parent of marketing widget a activities: the id of a record of any kind (the hierarchy). */
export type MarketingawidgetParentId = RecordId<T.KindName>;
/** The parent of marketing widget b activities: the id of a record of any kind (the hierarchy). */
export type MarketingbwidgetParentId = RecordId<T.KindName>;
/** The parent of event activities: the id of a record of any kind (the hierarchy). */
export type EventParentId = RecordId<T.KindName>;
/** The parent of file activities: the id of a record of any kind or a task (the hierarchy). */
export type FileParentId = RecordId<T.KindName> | ActivityId<"task">;
/** The parent of follow-up activities: the id of a record of any kind (the hierarchy). */
export type FollowupParentId = RecordId<T.KindName>;
/** The parent of billing widget a activities: the id of a record of any kind (the hierarchy). */
export type BillingawidgetParentId = RecordId<T.KindName>;
/** The parent of online document activities: the id of a record of any kind or a task (the hierarchy). */
export type OnlinedocParentId = RecordId<T.KindName> | ActivityId<"task">;
/** The parent of linked emails activities: the id of a record of any kind (the hierarchy). */
export type LinkedemailsParentId = RecordId<T.KindName>;
/** The parent of note activities: the id of a record of any kind (the hierarchy). */
export type NoteParentId = RecordId<T.KindName>;
/** The parent of opportunity activities: the id of a record of any kind (the hierarchy). */
export type OpportunityParentId = RecordId<T.KindName>;
/** The parent of photo activities: the id of a photolist (the hierarchy). */
export type PhotoParentId = ActivityId<"photolist">;
/** The parent of photo list activities: the id of a record of any kind (the hierarchy). */
export type PhotolistParentId = RecordId<T.KindName>;
/** The parent of separator activities: the id of a record of any kind (the hierarchy). */
export type SeparatorParentId = RecordId<T.KindName>;
/** The parent of scheduled email activities: the id of a record of any kind (the hierarchy). */
export type ScheduledemailParentId = RecordId<T.KindName>;
/** The parent of task activities: the id of a tasklist (the hierarchy). */
export type TaskParentId = ActivityId<"tasklist">;
/** The parent of task list activities: the id of a record of any kind (the hierarchy). */
export type TasklistParentId = RecordId<T.KindName>;
/** The parent of template of activities activities: the id of a record of any kind (the hierarchy). */
export type TemplateParentId = RecordId<T.KindName>;
/** The parent of time record activities: the id of a call or a task (the hierarchy). */
export type TimerecordParentId = ActivityId<"call"> | ActivityId<"task">;
/** The parent of website activities: the id of a record of any kind (the hierarchy). */
export type WebsiteParentId = RecordId<T.KindName>;
/** The parent of billing widget b activities: the id of a record of any kind (the hierarchy). */
export type BillingbwidgetParentId = RecordId<T.KindName>;
/** The parent of support widget activities: the id of a record of any kind (the hierarchy). */
export type SupportwidgetParentId = RecordId<T.KindName>;
/** The ids an activity of each segment accepts as its parent: its allowed parents in the hierarchy (a record of any kind, or an activity of the named segments). */
export interface ActivityParentIds {
    attachmentfile: AttachmentfileParentId;
    call: CallParentId;
    comment: CommentParentId;
    marketingawidget: MarketingawidgetParentId;
    marketingbwidget: MarketingbwidgetParentId;
    event: EventParentId;
    file: FileParentId;
    followup: FollowupParentId;
    billingawidget: BillingawidgetParentId;
    onlinedoc: OnlinedocParentId;
    linkedemails: LinkedemailsParentId;
    note: NoteParentId;
    opportunity: OpportunityParentId;
    photo: PhotoParentId;
    photolist: PhotolistParentId;
    separator: SeparatorParentId;
    scheduledemail: ScheduledemailParentId;
    task: TaskParentId;
    tasklist: TasklistParentId;
    template: TemplateParentId;
    timerecord: TimerecordParentId;
    website: WebsiteParentId;
    billingbwidget: BillingbwidgetParentId;
    supportwidget: SupportwidgetParentId;
}
/** A parent that update moves an activity to: a record of these kinds. */
export type MoveTargetId = RecordId<"contacts" | "companies" | "projectblogs">;
/** The fields of each segment as create accepts them: a field that cannot be 1 on create is 0 here (ranges stay runtime checks). */
export interface ActivityCreateFieldsBySegment {
    attachmentfile: T.AttachmentfileFields;
    call: T.CallFields;
    comment: T.CommentFields;
    marketingawidget: T.MarketingawidgetFields;
    marketingbwidget: T.MarketingbwidgetFields;
    event: Omit<T.EventFields, "completed"> & {
        completed?: 0;
    };
    file: T.FileFields;
    followup: Omit<T.FollowupFields, "completed"> & {
        completed?: 0;
    };
    billingawidget: T.BillingawidgetFields;
    onlinedoc: T.OnlinedocFields;
    linkedemails: T.LinkedemailsFields;
    note: T.NoteFields;
    opportunity: T.OpportunityFields;
    photo: T.PhotoFields;
    photolist: T.PhotolistFields;
    separator: T.SeparatorFields;
    scheduledemail: T.ScheduledemailFields;
    task: Omit<T.TaskFields, "completed"> & {
        completed?: 0;
    };
    tasklist: T.TasklistFields;
    template: T.TemplateFields;
    timerecord: T.TimerecordFields;
    website: T.WebsiteFields;
    billingbwidget: T.BillingbwidgetFields;
    supportwidget: T.SupportwidgetFields;
}
/** A record as returned by show. */
export type Item<K extends T.KindName = T.KindName> = Omit<T.Item<K>, "id"> & {
    id: RecordId<K>;
};
/** One activity of an item's journal, element id<activityId>. */
export type ActivityEntry<S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.ActivityEntry<X>, "typeid" | "parent" | "id"> & {
        typeid: ActivityTypeids[X];
        parent: ActivityParentIds[X];
        id: ActivityId<X>;
    };
}[S];
/** One record of a list, element id<itemId>; only fields that have values appear. */
export type ListEntry<K extends T.KindName = T.KindName> = Omit<T.ListEntry<K>, "id"> & {
    id: RecordId<K>;
};
/**
 * The parent record of a report entry, present when itemsdata = 1.
 * Assumed: not shown in the document.
 */
export type ReportItem<K extends T.KindName = T.KindName> = Omit<T.ReportItem<K>, "id"> & {
    id: RecordId<K>;
};
/** A time record in the timetracking report (fields as in section 2). */
export type ReportTimeRecord<K extends T.KindName = T.KindName> = {
    [X in "timerecord"]: Omit<T.ReportTimeRecord<K>, "id" | "type" | "tasklistid" | "taskid" | "item"> & {
        id: ActivityId<X>;
        type: ActivityTypeids[X];
        tasklistid: ActivityId<"tasklist"> | 0;
        taskid: ActivityId<"task"> | 0;
        item?: ReportItem<K>;
    };
}["timerecord"];
/** Assumed: shape not shown in the document. */
export type ReportAction<K extends T.KindName = T.KindName> = {
    [X in "task" | "event" | "tasklist"]: Omit<T.ReportAction<K>, "id" | "type" | "item"> & {
        id: ActivityId<X>;
        type: ActivityTypeids[X];
        item?: ReportItem<K>;
    };
}["task" | "event" | "tasklist"];
/** Assumed: shape not shown in the document. */
export type ReportFollowup<K extends T.KindName = T.KindName> = {
    [X in "followup"]: Omit<T.ReportFollowup<K>, "id" | "type" | "item"> & {
        id: ActivityId<X>;
        type: ActivityTypeids[X];
        item?: ReportItem<K>;
    };
}["followup"];
/** Assumed: shape not shown in the document. */
export type ReportOpportunity<K extends T.KindName = T.KindName> = {
    [X in "opportunity"]: Omit<T.ReportOpportunity<K>, "id" | "type" | "item"> & {
        id: ActivityId<X>;
        type: ActivityTypeids[X];
        item?: ReportItem<K>;
    };
}["opportunity"];
/** An activity in the activities report. Integrations of the original service read id, typeid, parent, parenttypeid, comments and fields/...; type, itemid, itemtype, itemname, owner, created, updated, title and completed are ours, kept for existing clients. */
export type ReportActivity<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.ReportActivity<K, X>, "id" | "typeid" | "parent" | "item"> & {
        id: ActivityId<X>;
        typeid: ActivityTypeids[X];
        parent: ActivityParentIds[X];
        item?: ReportItem<K>;
    };
}[S];
/** What show returns for the record (items.* events). */
export type ItemNotificationContent<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.ItemNotificationContent<K, S>, "item" | "activities"> & {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
};
/** The activity with its fields, its type name and the id of its record (activities.* events). */
export type ActivityNotificationContent<S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.ActivityNotificationContent<X>, "id" | "typeid" | "parent"> & {
        id: ActivityId<X>;
        typeid: ActivityTypeids[X];
        parent: ActivityParentIds[X];
    };
}[S];
/** A webhook as listed by GET /hooks/. */
export type Hook = Omit<T.Hook, "event" | "constrainttype"> & ({
    event: Extract<T.Hookevents, `items.${string}`>;
    constrainttype: T.Itemconstrainttypes;
} | {
    event: Extract<T.Hookevents, `activities.${string}`>;
    constrainttype: T.Activityconstrainttypes;
});
/** Body of POST /hooks/. */
export type HookCreate = Omit<T.HookCreate, "event" | "constrainttype"> & ({
    event: Extract<T.Hookevents, `items.${string}`>;
    constrainttype?: T.Itemconstrainttypes;
} | {
    event: Extract<T.Hookevents, `activities.${string}`>;
    constrainttype?: T.Activityconstrainttypes;
});
/** Body of PUT /hooks/{id}: any of the fields. */
export type HookUpdate = Omit<T.HookUpdate, "event" | "constrainttype"> & ({
    event?: Extract<T.Hookevents, `items.${string}`>;
    constrainttype?: T.Itemconstrainttypes;
} | {
    event?: Extract<T.Hookevents, `activities.${string}`>;
    constrainttype?: T.Activityconstrainttypes;
} | {
    event?: undefined;
    constrainttype?: T.Itemconstrainttypes | T.Activityconstrainttypes;
});
/** Response body of GET /{kind}/: List records. */
export type ListRecordsResponse<K extends T.KindName = T.KindName> = Omit<T.ListRecordsResponse<K>, "entries"> & {
    entries?: Array<ListEntry<K>>;
};
/** Response body of POST /{kind}/: Create record. */
export type CreateRecordResponse<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.CreateRecordResponse<K, S>, "item" | "activities"> & {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
};
/** Response body of GET /{kind}/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export type ShowRecordResponse<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.ShowRecordResponse<K, S>, "item" | "activities"> & {
    item: Item<K>;
    activities?: Array<ActivityEntry<S>>;
};
/** Request body of POST /{kind}/{segment}/: Create activity. */
export type CreateActivityRequest<S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.CreateActivityRequest<X>, "parent" | "data" | "after" | "before"> & {
        parent: ActivityParentIds[X];
        data?: ActivityCreateFieldsBySegment[X];
        after?: ActivityId;
        before?: ActivityId;
    };
}[S];
/** Response body of POST /{kind}/{segment}/: Create activity. */
export type CreateActivityResponse<S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.CreateActivityResponse<X>, "id"> & {
        id: ActivityId<X>;
    };
}[S];
/** Request body of PUT /{kind}/{segment}/{id}: Update activity. */
export type UpdateActivityRequest<S extends T.ActivitySegment = T.ActivitySegment> = {
    [X in S]: Omit<T.UpdateActivityRequest<X>, "parent" | "after" | "before"> & {
        parent?: MoveTargetId;
        after?: ActivityId;
        before?: ActivityId;
    };
}[S];
/** Response body of POST /hooks/: Create webhook. */
export type CreateHookRequest = HookCreate;
/** Response body of PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export type UpdateHookRequest = HookUpdate;
/** Response body of GET /hooks/: List webhooks. */
export type ListHooksResponse = Omit<T.ListHooksResponse, "hooks"> & {
    hooks: Array<Hook>;
};
/** Response body of GET /report/nextactions/: Report: Tasks, events, milestones. */
export type ReportNextactionsResponse<K extends T.KindName = T.KindName> = Omit<T.ReportNextactionsResponse<K>, "actions"> & {
    actions: Array<ReportAction<K>>;
};
/** Response body of GET /report/calendar/: Report: Tasks, events, milestones. */
export type ReportCalendarResponse<K extends T.KindName = T.KindName> = Omit<T.ReportCalendarResponse<K>, "actions"> & {
    actions: Array<ReportAction<K>>;
};
/** Response body of GET /report/followups/: Report: Open follow-ups. */
export type ReportFollowupsResponse<K extends T.KindName = T.KindName> = Omit<T.ReportFollowupsResponse<K>, "followups"> & {
    followups: Array<ReportFollowup<K>>;
};
/** Response body of GET /report/opportunities/: Report: Opportunities by user and status. */
export type ReportOpportunitiesResponse<K extends T.KindName = T.KindName> = Omit<T.ReportOpportunitiesResponse<K>, "opportunities"> & {
    opportunities: Array<ReportOpportunity<K>>;
};
/** Response body of GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export type ReportActivitiesResponse<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.ReportActivitiesResponse<K, S>, "activities"> & {
    activities: Array<ReportActivity<K, S>>;
};
/** Response body of GET /report/timetracking/: Report: Time records in a date range. */
export type ReportTimetrackingResponse<K extends T.KindName = T.KindName> = Omit<T.ReportTimetrackingResponse<K>, "timerecords"> & {
    timerecords: Array<ReportTimeRecord<K>>;
};
/** A webhook notification of an items.* event; narrows on its type. */
export type ItemsNotification<K extends T.KindName = T.KindName, S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.ItemsNotification<K, S>, "type" | "content"> & {
    type: Extract<T.Hookevents, `items.${string}`>;
    content: ItemNotificationContent<K, S>;
};
/** A webhook notification of an activities.* event; narrows on its type. */
export type ActivitiesNotification<S extends T.ActivitySegment = T.ActivitySegment> = Omit<T.ActivitiesNotification<S>, "type" | "content"> & {
    type: Extract<T.Hookevents, `activities.${string}`>;
    content: ActivityNotificationContent<S>;
};
/** Any webhook notification: narrows on its type (the event). */
export type Notification = ItemsNotification | ActivitiesNotification;
