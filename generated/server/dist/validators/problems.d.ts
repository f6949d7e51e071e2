import { type ErrorKey } from "../types/errors.js";
import type { CompiledValidator, SchemaError } from "./schemas/types.js";
/** One problem of a request: the error key of the envelope, its message with the specifics, and where. */
export interface ValidationError {
    key: ErrorKey;
    message: string;
    /** Dotted path in the typed value: data.priority, categories.add.0; empty for the whole value. */
    path: string;
}
export declare function problem(key: ErrorKey, path: string, detail: string): ValidationError;
export declare const show: (v: unknown) => string;
export declare const join: (path: string, name: string | number) => string;
/** A table's entry for a segment, never an inherited property (constructor, toString). */
export declare const own: <T>(table: object, key: string) => T | undefined;
/** ajv's errors as envelope errors: one per problem, without the branch errors of a failed anyOf or propertyNames. */
export declare function fromAjvErrors(errors: readonly SchemaError[]): ValidationError[];
/** The problems of a value by one compiled validator (validators/schemas/<module>.js); empty when valid. */
export declare function check(validate: CompiledValidator, value: unknown): ValidationError[];
