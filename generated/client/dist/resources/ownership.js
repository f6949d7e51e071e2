import { check } from "../validators/problems.js";
import * as c_common from "../codecs/common.js";
import * as v_common from "../validators/schemas/common.js";
/** GET /ownership/: List users and groups. */
export function listOwnership(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/ownership/`, params: { message: c_common.listOwnershipParams, validate: (v) => check(v_common.listOwnership_params, v), value: params }, response: c_common.listOwnershipResponse, options });
}
