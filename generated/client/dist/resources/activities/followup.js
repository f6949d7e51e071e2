import { check } from "../../validators/problems.js";
import * as c_activities_followup from "../../codecs/activities/followup.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_followup from "../../validators/schemas/activities/followup.js";
/** POST /{kind}/followup/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/followup/`, body: { message: c_activities_followup.createActivityRequest, validate: (v) => check(v_activities_followup.activities_followup_createActivity_request, v), value: body }, response: c_activities_followup.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/followup/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/followup/${id}`, body: { message: c_activities_followup.updateActivityRequest, validate: (v) => check(v_activities_followup.activities_followup_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/followup/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/followup/${id}/`, response: c_common.deleteActivityResponse, options });
}
