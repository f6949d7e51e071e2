import { check } from "../../validators/problems.js";
import * as c_activities_billingbwidget from "../../codecs/activities/billingbwidget.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_billingbwidget from "../../validators/schemas/activities/billingbwidget.js";
/** POST /{kind}/billingbwidget/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/billingbwidget/`, body: { message: c_activities_billingbwidget.createActivityRequest, validate: (v) => check(v_activities_billingbwidget.activities_billingbwidget_createActivity_request, v), value: body }, response: c_activities_billingbwidget.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/billingbwidget/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/billingbwidget/${id}`, body: { message: c_activities_billingbwidget.updateActivityRequest, validate: (v) => check(v_activities_billingbwidget.activities_billingbwidget_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/billingbwidget/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/billingbwidget/${id}/`, response: c_common.deleteActivityResponse, options });
}
