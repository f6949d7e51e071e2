import type * as T from "../types/index.js";
import type { Caller, CallOptions, ApiPromise } from "../core.js";
/** GET /ownership/: List users and groups. */
export declare function listOwnership(client: Caller, params?: T.ListOwnershipParams, options?: CallOptions): ApiPromise<T.ListOwnershipResponse>;
