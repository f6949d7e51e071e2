import { check } from "../../validators/problems.js";
import * as c_activities_task from "../../codecs/activities/task.js";
import * as c_common from "../../codecs/common.js";
import * as v_activities_task from "../../validators/schemas/activities/task.js";
/** POST /{kind}/task/: Create activity. */
export function createActivity(client, kind, body, options = {}) {
    return client.call({ method: "POST", path: `/${kind}/task/`, body: { message: c_activities_task.createActivityRequest, validate: (v) => check(v_activities_task.activities_task_createActivity_request, v), value: body }, response: c_activities_task.createActivityResponse, ...(options.files && { files: options.files }), options });
}
/** PUT /{kind}/task/{id}: Update activity. */
export function updateActivity(client, kind, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/${kind}/task/${id}`, body: { message: c_activities_task.updateActivityRequest, validate: (v) => check(v_activities_task.activities_task_updateActivity_request, v), value: body }, response: c_common.updateActivityResponse, ...(options.files && { files: options.files }), options });
}
/** DELETE /{kind}/task/{id}/: Delete activity. */
export function deleteActivity(client, kind, id, options = {}) {
    return client.call({ method: "DELETE", path: `/${kind}/task/${id}/`, response: c_common.deleteActivityResponse, options });
}
