import { check } from "../../validators/problems.js";
import * as c_activities_photo from "../../codecs/activities/photo.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_photo from "../../validators/schemas/activities/photo.js";
/** POST /{kind}/photo/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/photo/`, body: { message: c_activities_photo.createActivityRequest, validate: (v) => check(v_activities_photo.activities_photo_createActivity_request, v), value: body }, response: c_activities_photo.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/photo/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/photo/${id}`, body: { message: c_activities_photo.updateActivityRequest, validate: (v) => check(v_activities_photo.activities_photo_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/photo/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/photo/${id}/`, response: c_common.deleteActivityResponse, options });
}
