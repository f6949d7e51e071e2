import { check } from "../../validators/problems.js";
import * as c_activities_attachmentfile from "../../codecs/activities/attachmentfile.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_attachmentfile from "../../validators/schemas/activities/attachmentfile.js";
/** POST /{kind}/attachmentfile/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/attachmentfile/`, body: { message: c_activities_attachmentfile.createActivityRequest, validate: (v) => check(v_activities_attachmentfile.activities_attachmentfile_createActivity_request, v), value: body }, response: c_activities_attachmentfile.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/attachmentfile/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/attachmentfile/${id}`, body: { message: c_activities_attachmentfile.updateActivityRequest, validate: (v) => check(v_activities_attachmentfile.activities_attachmentfile_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/attachmentfile/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/attachmentfile/${id}/`, response: c_common.deleteActivityResponse, options });
}
