import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /report/nextactions/: Report: Tasks, events, milestones. */
export declare function reportNextactions(client: Caller, params?: T.ReportNextactionsParams): Promise<T.ReportNextactionsResponse<T.KindName>>;
/** GET /report/calendar/: Report: Tasks, events, milestones. */
export declare function reportCalendar(client: Caller, params?: T.ReportCalendarParams): Promise<T.ReportCalendarResponse<T.KindName>>;
/** GET /report/followups/: Report: Open follow-ups. */
export declare function reportFollowups(client: Caller, params?: T.ReportFollowupsParams): Promise<T.ReportFollowupsResponse<T.KindName>>;
/** GET /report/opportunities/: Report: Opportunities by user and status. */
export declare function reportOpportunities(client: Caller, params?: T.ReportOpportunitiesParams): Promise<T.ReportOpportunitiesResponse<T.KindName>>;
/** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export declare function reportActivities(client: Caller, params?: T.ReportActivitiesParams): Promise<T.ReportActivitiesResponse<T.KindName, T.ActivitySegment>>;
/** GET /report/timetracking/: Report: Time records in a date range. */
export declare function reportTimetracking(client: Caller, params?: T.ReportTimetrackingParams): Promise<T.ReportTimetrackingResponse<T.KindName>>;
