import { check } from "../../validators/problems.js";
import * as c_activities_opportunity from "../../codecs/activities/opportunity.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_opportunity from "../../validators/schemas/activities/opportunity.js";
/** POST /{kind}/opportunity/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/opportunity/`, body: { message: c_activities_opportunity.createActivityRequest, validate: (v) => check(v_activities_opportunity.activities_opportunity_createActivity_request, v), value: body }, response: c_activities_opportunity.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/opportunity/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/opportunity/${id}`, body: { message: c_activities_opportunity.updateActivityRequest, validate: (v) => check(v_activities_opportunity.activities_opportunity_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/opportunity/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/opportunity/${id}/`, response: c_common.deleteActivityResponse, options });
}
