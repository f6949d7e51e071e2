import { check } from "../../validators/problems.js";
import * as c_activities_billingawidget from "../../codecs/activities/billingawidget.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_billingawidget from "../../validators/schemas/activities/billingawidget.js";
/** POST /{kind}/billingawidget/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/billingawidget/`, body: { message: c_activities_billingawidget.createActivityRequest, validate: (v) => check(v_activities_billingawidget.activities_billingawidget_createActivity_request, v), value: body }, response: c_activities_billingawidget.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/billingawidget/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/billingawidget/${id}`, body: { message: c_activities_billingawidget.updateActivityRequest, validate: (v) => check(v_activities_billingawidget.activities_billingawidget_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/billingawidget/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/billingawidget/${id}/`, response: c_common.deleteActivityResponse, options });
}
