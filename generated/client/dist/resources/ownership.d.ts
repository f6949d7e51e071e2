import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /ownership/: List users and groups. */
export declare function listOwnership(client: Caller, params?: T.ListOwnershipParams): Promise<T.ListOwnershipResponse>;
