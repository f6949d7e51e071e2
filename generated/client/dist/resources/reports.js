import { check } from "../validators/problems.js";
import * as c_common from "../codecs/common.js";
import * as v_common from "../validators/schemas/common.js";
/** GET /report/nextactions/: Report: Tasks, events, milestones. */
export function reportNextactions(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/nextactions/`, params: { message: c_common.reportNextactionsParams, validate: (v) => check(v_common.reportNextactions_params, v), value: params }, response: c_common.reportNextactionsResponse, options });
}
/** GET /report/calendar/: Report: Tasks, events, milestones. */
export function reportCalendar(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/calendar/`, params: { message: c_common.reportCalendarParams, validate: (v) => check(v_common.reportCalendar_params, v), value: params }, response: c_common.reportCalendarResponse, options });
}
/** GET /report/followups/: Report: Open follow-ups. */
export function reportFollowups(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/followups/`, params: { message: c_common.reportFollowupsParams, validate: (v) => check(v_common.reportFollowups_params, v), value: params }, response: c_common.reportFollowupsResponse, options });
}
/** GET /report/opportunities/: Report: Opportunities by user and status. */
export function reportOpportunities(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/opportunities/`, params: { message: c_common.reportOpportunitiesParams, validate: (v) => check(v_common.reportOpportunities_params, v), value: params }, response: c_common.reportOpportunitiesResponse, options });
}
/** GET /report/activities/: Report: Activities created, updated, created or updated, or, for tasks only, completed. */
export function reportActivities(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/activities/`, params: { message: c_common.reportActivitiesParams, validate: (v) => check(v_common.reportActivities_params, v), value: params }, response: c_common.reportActivitiesResponse, options });
}
/** GET /report/timetracking/: Report: Time records in a date range. */
export function reportTimetracking(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/report/timetracking/`, params: { message: c_common.reportTimetrackingParams, validate: (v) => check(v_common.reportTimetracking_params, v), value: params }, response: c_common.reportTimetrackingResponse, options });
}
