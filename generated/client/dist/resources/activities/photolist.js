import { check } from "../../validators/problems.js";
import * as c_activities_photolist from "../../codecs/activities/photolist.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_photolist from "../../validators/schemas/activities/photolist.js";
/** POST /{kind}/photolist/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/photolist/`, body: { message: c_activities_photolist.createActivityRequest, validate: (v) => check(v_activities_photolist.activities_photolist_createActivity_request, v), value: body }, response: c_activities_photolist.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/photolist/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/photolist/${id}`, body: { message: c_activities_photolist.updateActivityRequest, validate: (v) => check(v_activities_photolist.activities_photolist_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/photolist/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/photolist/${id}/`, response: c_common.deleteActivityResponse, options });
}
