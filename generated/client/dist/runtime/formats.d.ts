import { type Message } from './codec.js';
import type { XmlLimits } from './xml.js';
export interface Format {
    readonly name: 'xml' | 'json';
    /** A request body of the message. */
    encode(message: Message, value: unknown): string;
    /** An answer of the message; throws CodecError on a body that cannot be parsed. */
    decode(message: Message, body: string, limits: XmlLimits): unknown;
}
/** XML bodies, the API's default format. */
export declare const xml: Format;
/** JSON bodies. */
export declare const json: Format;
/** Query strings and form fields (application/x-www-form-urlencoded), whatever the body format. */
export declare function formText(message: Message, value: unknown): string;
