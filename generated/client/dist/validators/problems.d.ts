import { type ErrorKey } from "../types/errors.js";
import { type CompiledValidator, type SchemaError, type ValidationError as Problem } from "../runtime/validation.js";
export { join, own, show } from "../runtime/validation.js";
/** One problem of a request: the error key of the envelope, its message with the specifics, and where. */
export type ValidationError = Problem<ErrorKey>;
export declare function problem(key: ErrorKey, path: string, detail: string): ValidationError;
/** ajv's errors as envelope errors: one per problem, without the branch errors of a failed anyOf or propertyNames. */
export declare function fromAjvErrors(errors: readonly SchemaError[]): ValidationError[];
/** The problems of a value by one compiled validator (validators/schemas/<module>.js); empty when valid. */
export declare function check(validate: CompiledValidator, value: unknown): ValidationError[];
