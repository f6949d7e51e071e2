/** Opportunity valuecurrency (section 2, "Opportunity value lists"). */
export declare const currencies: readonly ["USD", "EUR", "GBP", "CAD", "AUD", "BRL", "CHF", "CNY", "DKK", "HKD", "HRK", "HUF", "INR", "JPY", "MXN", "MYR", "NOK", "NZD", "RUB", "SEK", "SGD", "THB", "ZAR"];
export type Currencies = "USD" | "EUR" | "GBP" | "CAD" | "AUD" | "BRL" | "CHF" | "CNY" | "DKK" | "HKD" | "HRK" | "HUF" | "INR" | "JPY" | "MXN" | "MYR" | "NOK" | "NZD" | "RUB" | "SEK" | "SGD" | "THB" | "ZAR";
/** Opportunity valueinterval. */
export declare const valueintervals: readonly ["fixed price", "per hour", "per day", "per week", "per month", "per quarter", "per year"];
export type Valueintervals = "fixed price" | "per hour" | "per day" | "per week" | "per month" | "per quarter" | "per year";
/** Opportunity status (section 3 lists the same five states). */
export declare const opportunitystatuses: readonly ["Discussion", "Pending", "Won", "Lost", "On-hold"];
export type Opportunitystatuses = "Discussion" | "Pending" | "Won" | "Lost" | "On-hold";
/** Event repeats; blank means the event does not repeat. */
export declare const repeats: readonly ["", "daily", "weekly", "monthly", "yearly"];
export type Repeats = "" | "daily" | "weekly" | "monthly" | "yearly";
/** Task timespentmeasure and timeremainsmeasure. */
export declare const timemeasures: readonly ["days", "hours", "weeks"];
export type Timemeasures = "days" | "hours" | "weeks";
/** Scheduled email priority. */
export declare const emailpriorities: readonly [0, 1, 2];
export type Emailpriorities = 0 | 1 | 2;
/** Event repeatinterval entries, days of the week. */
export declare const weekdays: readonly [0, 1, 2, 3, 4, 5, 6];
export type Weekdays = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** Assumed: the document lists "keep or remove" without further explanation. */
export declare const eventtypes: readonly ["keep", "remove"];
export type Eventtypes = "keep" | "remove";
/** Webhook events (sections 4 and 6). */
export declare const hookevents: readonly ["items.categorize", "items.uncategorize", "items.update", "items.create", "items.delete", "items.restore", "activities.update", "activities.create", "activities.delete", "activities.restore"];
export type Hookevents = "items.categorize" | "items.uncategorize" | "items.update" | "items.create" | "items.delete" | "items.restore" | "activities.update" | "activities.create" | "activities.delete" | "activities.restore";
/** constrainttype values for items.* events ("all" means no narrowing). */
export declare const itemconstrainttypes: readonly ["all", "contact", "projectblog", "company"];
export type Itemconstrainttypes = "all" | "contact" | "projectblog" | "company";
/** constrainttype values for activities.* events ("all" means no narrowing). */
export declare const activityconstrainttypes: readonly ["all", "call", "comment", "file", "onlinedoc", "linkedemails", "note", "photo", "photolist", "task", "tasklist", "website", "event", "separator", "opportunity", "timerecord", "scheduledemail", "attachmentfile", "billingawidget", "supportwidget", "billingbwidget", "marketingawidget", "marketingbwidget", "followup"];
export type Activityconstrainttypes = "all" | "call" | "comment" | "file" | "onlinedoc" | "linkedemails" | "note" | "photo" | "photolist" | "task" | "tasklist" | "website" | "event" | "separator" | "opportunity" | "timerecord" | "scheduledemail" | "attachmentfile" | "billingawidget" | "supportwidget" | "billingbwidget" | "marketingawidget" | "marketingbwidget" | "followup";
/** Webhook type; web is the only class. */
export declare const hooktypes: readonly ["web"];
export type Hooktypes = "web";
/** Webhook notification body format. */
export declare const contenttypes: readonly ["xml", "json", "form"];
export type Contenttypes = "xml" | "json" | "form";
/** List records primary filter. */
export declare const filtermodes: readonly ["flagged", "assigned", "nocategory", "viewed", "created", "updated", "notviewed", "notupdated", "duetoday", "duesoon", "tasksoverdue", "owner", "category", "archived", "unsent", "byphone", "byemail"];
export type Filtermodes = "flagged" | "assigned" | "nocategory" | "viewed" | "created" | "updated" | "notviewed" | "notupdated" | "duetoday" | "duesoon" | "tasksoverdue" | "owner" | "category" | "archived" | "unsent" | "byphone" | "byemail";
/** List records sub-filter. S = starts with, C = contains, E = is empty, N = is not empty; {fieldId} stands for a field id (digits). */
export declare const searchmodes: readonly ["Sany", "Cany", "Canyitem", "Sanyitem", "Canyjournal", "Sanyjournal", "C{fieldId}", "S{fieldId}", "E{fieldId}", "N{fieldId}"];
export type Searchmodes = "Sany" | "Cany" | "Canyitem" | "Sanyitem" | "Canyjournal" | "Sanyjournal" | `C${number}` | `S${number}` | `E${number}` | `N${number}`;
/** List records sort field. */
export declare const sortfields: readonly ["name", "created", "flagged", "update_time"];
export type Sortfields = "name" | "created" | "flagged" | "update_time";
/** List records sort direction, in any case (asc is ASC). */
export declare const sortdirs: readonly ["ASC", "DESC"];
export type Sortdirs = "ASC" | "DESC";
/** Match any (OR) or all (AND) specified categories. */
export declare const specials: readonly ["AND", "OR"];
export type Specials = "AND" | "OR";
/** 0 = summary, 1 = all fields. */
export declare const layouts: readonly [0, 1];
export type Layouts = 0 | 1;
/** Report `due` keywords; a `dateFrom,dateTo` range is also accepted (see reports.yaml). */
export declare const duekeywords: readonly ["now", "next7", "next30", "nodate"];
export type Duekeywords = "now" | "next7" | "next30" | "nodate";
/** The opportunities report `status` parameter (lower case in the document), in any case, so an opportunity's own status spelling (On-hold) is accepted. */
export declare const reportopportunitystatuses: readonly ["discussion", "pending", "won", "lost", "on-hold"];
export type Reportopportunitystatuses = "discussion" | "pending" | "won" | "lost" | "on-hold";
/** The activities report `last` parameter; completed applies to tasks only. */
export declare const lastmodes: readonly ["created", "updated", "changed", "completed"];
export type Lastmodes = "created" | "updated" | "changed" | "completed";
/** Type ids accepted by the activities report `types` parameter: the document's list, its report type id 61 and the event's other id 5. */
export declare const reportactivitytypes: readonly [3, 4, 5, 6, 14, 23, 24, 32, 61, 73, 88];
export type Reportactivitytypes = 3 | 4 | 5 | 6 | 14 | 23 | 24 | 32 | 61 | 73 | 88;
/**
 * Report `itemtypes` filter; 1 = contact, 40 = company.
 * Assumed: the meaning of 2 is not shown in the document.
 */
export declare const itemtypes: readonly [1, 2, 40];
export type Itemtypes = 1 | 2 | 40;
export declare const timetrackingfilters: readonly ["invoiced", "billable", "non-billable"];
export type Timetrackingfilters = "invoiced" | "billable" | "non-billable";
/** 0 = no parent data, 1 = include parent data. */
export declare const itemsdata: readonly [0, 1];
export type Itemsdata = 0 | 1;
