import { check } from "../../validators/problems.js";
import * as c_activities_comment from "../../codecs/activities/comment.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_comment from "../../validators/schemas/activities/comment.js";
/** POST /{kind}/comment/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/comment/`, body: { message: c_activities_comment.createActivityRequest, validate: (v) => check(v_activities_comment.activities_comment_createActivity_request, v), value: body }, response: c_activities_comment.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/comment/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/comment/${id}`, body: { message: c_activities_comment.updateActivityRequest, validate: (v) => check(v_activities_comment.activities_comment_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/comment/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/comment/${id}/`, response: c_common.deleteActivityResponse, options });
}
