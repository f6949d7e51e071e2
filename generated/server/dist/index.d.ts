import { ServiceError as AnyServiceError } from "./runtime/service.js";
import type { Dispatch, OperationInfo, ServiceErrorClass, ServiceHooks } from "./runtime/service.js";
import type { ErrorKey } from "./types/errors.js";
import type { Handlers } from "./handlers.js";
export type { Handlers } from "./handlers.js";
export type { Admission, Dispatch, RequestHead, ServiceHooks, ServiceRequest, ServiceResponse, Quota, LoginThrottle, CallRecord } from "./runtime/service.js";
export { createHttpServer } from "./runtime/node-http.js";
export type { HttpOptions } from "./runtime/node-http.js";
export type { UploadedFile } from "./runtime/form-data.js";
/** A failure a handler reports, with a key of the error envelope: a key the spec does not define does not compile. */
export declare const ServiceError: ServiceErrorClass<ErrorKey>;
export type ServiceError = AnyServiceError<ErrorKey>;
/** Route and message targets of every operation. */
export declare const operations: OperationInfo[];
/** The dispatch function of a service whose operations are the given handlers. */
export declare function createService<C>(handlers: Handlers<C>, hooks: ServiceHooks<C>): Dispatch;
