import { check } from "../../validators/problems.js";
import * as c_activities_marketingawidget from "../../codecs/activities/marketingawidget.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_marketingawidget from "../../validators/schemas/activities/marketingawidget.js";
/** POST /{kind}/marketingawidget/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/marketingawidget/`, body: { message: c_activities_marketingawidget.createActivityRequest, validate: (v) => check(v_activities_marketingawidget.activities_marketingawidget_createActivity_request, v), value: body }, response: c_activities_marketingawidget.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/marketingawidget/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/marketingawidget/${id}`, body: { message: c_activities_marketingawidget.updateActivityRequest, validate: (v) => check(v_activities_marketingawidget.activities_marketingawidget_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/marketingawidget/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/marketingawidget/${id}/`, response: c_common.deleteActivityResponse, options });
}
