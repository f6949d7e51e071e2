import { check } from "../../validators/problems.js";
import * as c_activities_tasklist from "../../codecs/activities/tasklist.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_tasklist from "../../validators/schemas/activities/tasklist.js";
/** POST /{kind}/tasklist/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/tasklist/`, body: { message: c_activities_tasklist.createActivityRequest, validate: (v) => check(v_activities_tasklist.activities_tasklist_createActivity_request, v), value: body }, response: c_activities_tasklist.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/tasklist/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/tasklist/${id}`, body: { message: c_activities_tasklist.updateActivityRequest, validate: (v) => check(v_activities_tasklist.activities_tasklist_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/tasklist/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/tasklist/${id}/`, response: c_common.deleteActivityResponse, options });
}
