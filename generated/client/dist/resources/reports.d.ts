import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise } from "../core.js";
/** GET /report/nextactions/: Report: Tasks, events, milestones. */
export declare function reportNextactions(client: Caller, params?: T.ReportNextactionsParams, options?: CallOptions): ApiPromise<V.ReportNextactionsResponse<T.KindName>>;
/** GET /report/calendar/: Report: Tasks, events, milestones. */
export declare function reportCalendar(client: Caller, params?: T.ReportCalendarParams, options?: CallOptions): ApiPromise<V.ReportCalendarResponse<T.KindName>>;
/** GET /report/followups/: Report: Open follow-ups. */
export declare function reportFollowups(client: Caller, params?: T.ReportFollowupsParams, options?: CallOptions): ApiPromise<V.ReportFollowupsResponse<T.KindName>>;
/** GET /report/opportunities/: Report: Opportunities by user and status. */
export declare function reportOpportunities(client: Caller, params?: T.ReportOpportunitiesParams, options?: CallOptions): ApiPromise<V.ReportOpportunitiesResponse<T.KindName>>;
/** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export declare function reportActivities(client: Caller, params?: T.ReportActivitiesParams, options?: CallOptions): ApiPromise<V.ReportActivitiesResponse<T.KindName, T.ActivitySegment>>;
/** GET /report/timetracking/: Report: Time records in a date range. */
export declare function reportTimetracking(client: Caller, params?: T.ReportTimetrackingParams, options?: CallOptions): ApiPromise<V.ReportTimetrackingResponse<T.KindName>>;
