import { check } from "../../validators/problems.js";
import * as c_activities_onlinedoc from "../../codecs/activities/onlinedoc.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_onlinedoc from "../../validators/schemas/activities/onlinedoc.js";
/** POST /{kind}/onlinedoc/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/onlinedoc/`, body: { message: c_activities_onlinedoc.createActivityRequest, validate: (v) => check(v_activities_onlinedoc.activities_onlinedoc_createActivity_request, v), value: body }, response: c_activities_onlinedoc.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/onlinedoc/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/onlinedoc/${id}`, body: { message: c_activities_onlinedoc.updateActivityRequest, validate: (v) => check(v_activities_onlinedoc.activities_onlinedoc_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/onlinedoc/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/onlinedoc/${id}/`, response: c_common.deleteActivityResponse, options });
}
