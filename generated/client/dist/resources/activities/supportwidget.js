import { check } from "../../validators/problems.js";
import * as c_activities_supportwidget from "../../codecs/activities/supportwidget.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_supportwidget from "../../validators/schemas/activities/supportwidget.js";
/** POST /{kind}/supportwidget/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/supportwidget/`, body: { message: c_activities_supportwidget.createActivityRequest, validate: (v) => check(v_activities_supportwidget.activities_supportwidget_createActivity_request, v), value: body }, response: c_activities_supportwidget.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/supportwidget/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/supportwidget/${id}`, body: { message: c_activities_supportwidget.updateActivityRequest, validate: (v) => check(v_activities_supportwidget.activities_supportwidget_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/supportwidget/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/supportwidget/${id}/`, response: c_common.deleteActivityResponse, options });
}
