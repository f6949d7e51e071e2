import { check } from "../../validators/problems.js";
import * as c_activities_note from "../../codecs/activities/note.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_note from "../../validators/schemas/activities/note.js";
/** POST /{kind}/note/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/note/`, body: { message: c_activities_note.createActivityRequest, validate: (v) => check(v_activities_note.activities_note_createActivity_request, v), value: body }, response: c_activities_note.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/note/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/note/${id}`, body: { message: c_activities_note.updateActivityRequest, validate: (v) => check(v_activities_note.activities_note_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/note/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/note/${id}/`, response: c_common.deleteActivityResponse, options });
}
