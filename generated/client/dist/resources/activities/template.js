import { check } from "../../validators/problems.js";
import * as c_activities_template from "../../codecs/activities/template.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_template from "../../validators/schemas/activities/template.js";
/** POST /{kind}/template/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/template/`, body: { message: c_activities_template.createActivityRequest, validate: (v) => check(v_activities_template.activities_template_createActivity_request, v), value: body }, response: c_activities_template.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/template/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/template/${id}`, body: { message: c_activities_template.updateActivityRequest, validate: (v) => check(v_activities_template.activities_template_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/template/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/template/${id}/`, response: c_common.deleteActivityResponse, options });
}
