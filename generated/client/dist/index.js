import { Transport } from "./runtime/client.js";
import { decodeNotificationWith, wholeClient } from "./runtime/connect.js";
import { api } from "./core.js";
import { json, xml } from "./runtime/formats.js";
import { decode } from "./codecs/index.js";
import * as k_contacts from "./resources/contacts.js";
import * as k_companies from "./resources/companies.js";
import * as k_projectblogs from "./resources/projectblogs.js";
import * as k_tickets from "./resources/tickets.js";
import * as a_attachmentfile from "./resources/activities/attachmentfile.js";
import * as a_call from "./resources/activities/call.js";
import * as a_comment from "./resources/activities/comment.js";
import * as a_marketingawidget from "./resources/activities/marketingawidget.js";
import * as a_marketingbwidget from "./resources/activities/marketingbwidget.js";
import * as a_event from "./resources/activities/event.js";
import * as a_file from "./resources/activities/file.js";
import * as a_followup from "./resources/activities/followup.js";
import * as a_billingawidget from "./resources/activities/billingawidget.js";
import * as a_onlinedoc from "./resources/activities/onlinedoc.js";
import * as a_linkedemails from "./resources/activities/linkedemails.js";
import * as a_note from "./resources/activities/note.js";
import * as a_opportunity from "./resources/activities/opportunity.js";
import * as a_photo from "./resources/activities/photo.js";
import * as a_photolist from "./resources/activities/photolist.js";
import * as a_separator from "./resources/activities/separator.js";
import * as a_scheduledemail from "./resources/activities/scheduledemail.js";
import * as a_task from "./resources/activities/task.js";
import * as a_tasklist from "./resources/activities/tasklist.js";
import * as a_template from "./resources/activities/template.js";
import * as a_timerecord from "./resources/activities/timerecord.js";
import * as a_website from "./resources/activities/website.js";
import * as a_billingbwidget from "./resources/activities/billingbwidget.js";
import * as a_supportwidget from "./resources/activities/supportwidget.js";
import * as r_ownership from "./resources/ownership.js";
import * as r_hooks from "./resources/hooks.js";
import * as r_reports from "./resources/reports.js";
export { ServiceError, AuthenticationError, NotFoundError, ValidationError, RateLimitError, ServerError, ConnectionError, verifyWebhook } from "./runtime/client.js";
export { asId } from "./core.js";
const kinds = ["contacts", "companies", "projectblogs", "tickets"];
const segments = ["attachmentfile", "call", "comment", "marketingawidget", "marketingbwidget", "event", "file", "followup", "billingawidget", "onlinedoc", "linkedemails", "note", "opportunity", "photo", "photolist", "separator", "scheduledemail", "task", "tasklist", "template", "timerecord", "website", "billingbwidget", "supportwidget"];
/** The module of each record kind and activity segment. */
const kindModules = { "contacts": k_contacts, "companies": k_companies, "projectblogs": k_projectblogs, "tickets": k_tickets }, activityModules = { "attachmentfile": a_attachmentfile, "call": a_call, "comment": a_comment, "marketingawidget": a_marketingawidget, "marketingbwidget": a_marketingbwidget, "event": a_event, "file": a_file, "followup": a_followup, "billingawidget": a_billingawidget, "onlinedoc": a_onlinedoc, "linkedemails": a_linkedemails, "note": a_note, "opportunity": a_opportunity, "photo": a_photo, "photolist": a_photolist, "separator": a_separator, "scheduledemail": a_scheduledemail, "task": a_task, "tasklist": a_tasklist, "template": a_template, "timerecord": a_timerecord, "website": a_website, "billingbwidget": a_billingbwidget, "supportwidget": a_supportwidget };
function activityResource(kind, segment, c) {
    const m = activityModules[segment];
    return { create: (body, options = {}) => m.createActivity(c, kind, body, options),
        update: (id, body, options = {}) => m.updateActivity(c, kind, id, body, options),
        delete: (id, options = {}) => m.deleteActivity(c, kind, id, options) };
}
function kindResource(kind, c) {
    const m = kindModules[kind];
    return { list: (params = {}, options = {}) => m.listRecords(c, params, options),
        create: (body, options = {}) => m.createRecord(c, body, options),
        show: (id, options = {}) => m.showRecord(c, id, options),
        update: (id, body, options = {}) => m.updateRecord(c, id, body, options),
        delete: (id, options = {}) => m.deleteRecord(c, id, options),
        categories: { create: (body, options = {}) => m.createCategory(c, body, options),
            list: (options = {}) => m.listCategories(c, options) },
        fields: { list: (options = {}) => m.listFields(c, options) },
        iterate: (params = {}, options = {}) => m.iterateRecords(c, params, options),
        activities: Object.fromEntries(segments.map((segment) => [segment, activityResource(kind, segment, c)])) };
}
function resources(c) {
    const root = { ownership: { list: (params = {}, options = {}) => r_ownership.listOwnership(c, params, options) },
        hooks: { create: (body, options = {}) => r_hooks.createHook(c, body, options),
            update: (id, body, options = {}) => r_hooks.updateHook(c, id, body, options),
            list: (options = {}) => r_hooks.listHooks(c, options),
            deliveries: (id, options = {}) => r_hooks.listHookDeliveries(c, id, options),
            redeliver: (id, deliveryId, options = {}) => r_hooks.redeliverHook(c, id, deliveryId, options),
            delete: (id, options = {}) => r_hooks.deleteHook(c, id, options) },
        reports: { nextactions: (params = {}, options = {}) => r_reports.reportNextactions(c, params, options),
            calendar: (params = {}, options = {}) => r_reports.reportCalendar(c, params, options),
            followups: (params = {}, options = {}) => r_reports.reportFollowups(c, params, options),
            opportunities: (params = {}, options = {}) => r_reports.reportOpportunities(c, params, options),
            activities: (params = {}, options = {}) => r_reports.reportActivities(c, params, options),
            timetracking: (params = {}, options = {}) => r_reports.reportTimetracking(c, params, options) } };
    return { ...Object.fromEntries(kinds.map((kind) => [kind, kindResource(kind, c)])), ...root };
}
/** A client of the service at baseUrl, authenticating with the e-mail address and API token: every resource, in XML or JSON. For a bundle that holds only the calls an app makes, use connect from ./core with the functions of ./resources/*. */
export function createClient(options) {
    return wholeClient(new Transport(options, { ...api, formats: { xml, json } }), resources);
}
/** Decodes a webhook notification body (xml, json or form, by its Content-Type). Verify its signature first with verifyWebhook. Given the request headers instead of the Content-Type, the result also has webhookId (the webhook-id header: the same on every retry, for dropping duplicates). */
export function decodeNotification(body, contentType) {
    const notifications = { families: ["items", "activities"], first: "notification/items", unknownTypeKey: "invalidvalue" };
    return decodeNotificationWith((target, format, text) => decode(target, format, text).value, notifications, body, contentType);
}
