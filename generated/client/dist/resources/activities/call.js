import { check } from "../../validators/problems.js";
import * as c_activities_call from "../../codecs/activities/call.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_call from "../../validators/schemas/activities/call.js";
/** POST /{kind}/call/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/call/`, body: { message: c_activities_call.createActivityRequest, validate: (v) => check(v_activities_call.activities_call_createActivity_request, v), value: body }, response: c_activities_call.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/call/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/call/${id}`, body: { message: c_activities_call.updateActivityRequest, validate: (v) => check(v_activities_call.activities_call_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/call/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/call/${id}/`, response: c_common.deleteActivityResponse, options });
}
