import { check } from "../../validators/problems.js";
import * as c_activities_timerecord from "../../codecs/activities/timerecord.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_timerecord from "../../validators/schemas/activities/timerecord.js";
/** POST /{kind}/timerecord/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/timerecord/`, body: { message: c_activities_timerecord.createActivityRequest, validate: (v) => check(v_activities_timerecord.activities_timerecord_createActivity_request, v), value: body }, response: c_activities_timerecord.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/timerecord/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/timerecord/${id}`, body: { message: c_activities_timerecord.updateActivityRequest, validate: (v) => check(v_activities_timerecord.activities_timerecord_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/timerecord/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/timerecord/${id}/`, response: c_common.deleteActivityResponse, options });
}
