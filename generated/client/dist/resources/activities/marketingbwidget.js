import { check } from "../../validators/problems.js";
import * as c_activities_marketingbwidget from "../../codecs/activities/marketingbwidget.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_marketingbwidget from "../../validators/schemas/activities/marketingbwidget.js";
/** POST /{kind}/marketingbwidget/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/marketingbwidget/`, body: { message: c_activities_marketingbwidget.createActivityRequest, validate: (v) => check(v_activities_marketingbwidget.activities_marketingbwidget_createActivity_request, v), value: body }, response: c_activities_marketingbwidget.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/marketingbwidget/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/marketingbwidget/${id}`, body: { message: c_activities_marketingbwidget.updateActivityRequest, validate: (v) => check(v_activities_marketingbwidget.activities_marketingbwidget_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/marketingbwidget/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/marketingbwidget/${id}/`, response: c_common.deleteActivityResponse, options });
}
