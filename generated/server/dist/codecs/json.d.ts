import { type JsonDecoder } from '../runtime/codec.js';
/** The generated JSON decoder of each target that has one (the others: the interpreter). */
export declare const jsonDecoders: Partial<Record<string, JsonDecoder>>;
