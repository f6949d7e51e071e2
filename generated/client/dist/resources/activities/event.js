import { check } from "../../validators/problems.js";
import * as c_activities_event from "../../codecs/activities/event.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_event from "../../validators/schemas/activities/event.js";
/** POST /{kind}/event/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/event/`, body: { message: c_activities_event.createActivityRequest, validate: (v) => check(v_activities_event.activities_event_createActivity_request, v), value: body }, response: c_activities_event.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/event/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/event/${id}`, body: { message: c_activities_event.updateActivityRequest, validate: (v) => check(v_activities_event.activities_event_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/event/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/event/${id}/`, response: c_common.deleteActivityResponse, options });
}
