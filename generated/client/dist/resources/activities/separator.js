import { check } from "../../validators/problems.js";
import * as c_activities_separator from "../../codecs/activities/separator.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_separator from "../../validators/schemas/activities/separator.js";
/** POST /{kind}/separator/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/separator/`, body: { message: c_activities_separator.createActivityRequest, validate: (v) => check(v_activities_separator.activities_separator_createActivity_request, v), value: body }, response: c_activities_separator.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/separator/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/separator/${id}`, body: { message: c_activities_separator.updateActivityRequest, validate: (v) => check(v_activities_separator.activities_separator_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/separator/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/separator/${id}/`, response: c_common.deleteActivityResponse, options });
}
