import { type IncomingMessage, type Server } from 'node:http';
import type { ServiceRequest, ServiceResponse } from './service.ts';
export interface HttpOptions {
    /** Bodies above this are answered 413 without reading them to the end. */
    maxBodyBytes: number;
    /** Answer for a body that is too large (the service's own error envelope). */
    tooLarge: (req: IncomingMessage) => ServiceResponse;
    /** Extra routes served before dispatch (docs, openapi); return undefined to pass. */
    before?: (req: IncomingMessage) => ServiceResponse | undefined;
}
export declare function createHttpServer(dispatch: (r: ServiceRequest) => Promise<ServiceResponse>, opts: HttpOptions): Server;
