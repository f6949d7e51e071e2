import { type IncomingMessage, type Server } from 'node:http';
import type { Admission, RequestHead, ServiceRequest, ServiceResponse } from './service.js';
export interface HttpOptions {
    /** Bodies above this are answered 413 without reading them to the end. */
    maxBodyBytes: number;
    /** Answer for a body that is too large (the service's own error envelope). */
    tooLarge: (req: IncomingMessage) => ServiceResponse;
    /** Extra routes served before dispatch (docs, openapi); return undefined to pass. */
    before?: (req: IncomingMessage) => ServiceResponse | undefined;
    /**
     * Lets a request in from its head (authentication, quota) before the body is read; a refusal is
     * answered after reading at most `maxUnreadBodyDrainBytes` of the body, and the connection is
     * closed. Defaults to `dispatch.admit` when the dispatcher has one (createService's does).
     */
    admit?: (head: RequestHead) => Promise<{
        refused: ServiceResponse;
    } | {
        admission: Admission;
    }>;
    /** Open connections past this get 503 (default: unlimited). */
    maxConnections?: number;
    /** Request bodies being received at once, in bytes, all clients together and per client address. */
    maxInFlightBytes?: number;
    maxInFlightBytesPerAddress?: number;
    /** How much of a refused request's body is read so that its client sees the answer (default 64 KiB). */
    maxUnreadBodyDrainBytes?: number;
    /** Answer past a cap (the service's 503 envelope); it should carry Retry-After. */
    busy?: (req: IncomingMessage) => ServiceResponse;
}
export declare function createHttpServer(dispatch: ((r: ServiceRequest) => Promise<ServiceResponse>) & {
    admit?: HttpOptions['admit'];
}, opts: HttpOptions): Server;
