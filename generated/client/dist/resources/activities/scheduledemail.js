import { check } from "../../validators/problems.js";
import * as c_activities_scheduledemail from "../../codecs/activities/scheduledemail.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_scheduledemail from "../../validators/schemas/activities/scheduledemail.js";
/** POST /{kind}/scheduledemail/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/scheduledemail/`, body: { message: c_activities_scheduledemail.createActivityRequest, validate: (v) => check(v_activities_scheduledemail.activities_scheduledemail_createActivity_request, v), value: body }, response: c_activities_scheduledemail.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/scheduledemail/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/scheduledemail/${id}`, body: { message: c_activities_scheduledemail.updateActivityRequest, validate: (v) => check(v_activities_scheduledemail.activities_scheduledemail_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/scheduledemail/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/scheduledemail/${id}/`, response: c_common.deleteActivityResponse, options });
}
