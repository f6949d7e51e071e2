import { check } from "../../validators/problems.js";
import * as c_activities_linkedemails from "../../codecs/activities/linkedemails.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_linkedemails from "../../validators/schemas/activities/linkedemails.js";
/** POST /{kind}/linkedemails/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/linkedemails/`, body: { message: c_activities_linkedemails.createActivityRequest, validate: (v) => check(v_activities_linkedemails.activities_linkedemails_createActivity_request, v), value: body }, response: c_activities_linkedemails.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/linkedemails/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/linkedemails/${id}`, body: { message: c_activities_linkedemails.updateActivityRequest, validate: (v) => check(v_activities_linkedemails.activities_linkedemails_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/linkedemails/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/linkedemails/${id}/`, response: c_common.deleteActivityResponse, options });
}
