import { check } from "../../validators/problems.js";
import * as c_activities_website from "../../codecs/activities/website.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_website from "../../validators/schemas/activities/website.js";
/** POST /{kind}/website/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/website/`, body: { message: c_activities_website.createActivityRequest, validate: (v) => check(v_activities_website.activities_website_createActivity_request, v), value: body }, response: c_activities_website.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/website/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/website/${id}`, body: { message: c_activities_website.updateActivityRequest, validate: (v) => check(v_activities_website.activities_website_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/website/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/website/${id}/`, response: c_common.deleteActivityResponse, options });
}
