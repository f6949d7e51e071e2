import type { Dispatch, OperationInfo, ServiceHooks } from './runtime/service.ts';
import type { Handlers } from './handlers.ts';
export type { Handlers } from './handlers.ts';
export { ServiceError } from './runtime/service.ts';
export type { Admission, Dispatch, RequestHead, ServiceHooks, ServiceRequest, ServiceResponse, Quota, LoginThrottle, CallRecord, } from './runtime/service.ts';
export { createHttpServer } from './runtime/node-http.ts';
export type { HttpOptions } from './runtime/node-http.ts';
export type { UploadedFile } from './runtime/form-data.ts';
/** Route and message targets of every operation. */
export declare const operations: OperationInfo[];
/** The dispatch function of a service whose operations are the given handlers. */
export declare function createService<C>(handlers: Handlers<C>, hooks: ServiceHooks<C>): Dispatch;
