import { check } from "../../validators/problems.js";
import * as c_activities_file from "../../codecs/activities/file.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_file from "../../validators/schemas/activities/file.js";
/** POST /{kind}/file/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/file/`, body: { message: c_activities_file.createActivityRequest, validate: (v) => check(v_activities_file.activities_file_createActivity_request, v), value: body }, response: c_activities_file.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/file/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/file/${id}`, body: { message: c_activities_file.updateActivityRequest, validate: (v) => check(v_activities_file.activities_file_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/file/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/file/${id}/`, response: c_common.deleteActivityResponse, options });
}
