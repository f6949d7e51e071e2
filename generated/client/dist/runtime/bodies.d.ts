import { type DecodeIssue, type Desc, type JsonDecoder, type XmlDecoder, type XmlStores } from './codec.js';
import type { XmlLimits } from './xml.js';
export type WireFormat = 'xml' | 'json' | 'form';
/** A decoded body: its typed value, and unknown fields found on the way (requests only). */
export interface Decoded<V> {
    value: V;
    issues: DecodeIssue[];
}
/** One message as the body functions need it. */
export interface BodyMessage {
    desc: Desc;
    /** The message's root element in XML. */
    root: string;
    /** Its generated JSON decoder (codecs/json.ts), when it has one; else the interpreter decodes JSON. */
    json?: JsonDecoder | undefined;
}
export interface DecodeBodyOptions {
    /** Requests and parameters: unknown fields become issues. Responses tolerate what a newer server adds. */
    strict: boolean;
    /** A JSON body may (and then does) wrap the message in its root element. */
    unwrapJsonRoot: boolean;
}
/**
 * Decodes a body into the message's typed value (`{}` for an empty one). XML goes through
 * `xml` (a decoder of the parsed tree) or, when null, is decoded while it is scanned
 * (decodeXmlStream: no tree, what the generated decode() does); JSON and form through the
 * descriptor interpreter.
 * Throws CodecError on a body that cannot be parsed.
 */
export declare function decodeBody(m: BodyMessage, xml: XmlDecoder | null, format: WireFormat, body: string | Uint8Array | Record<string, unknown>, limits: XmlLimits, o: DecodeBodyOptions, stores?: XmlStores): Decoded<unknown>;
/** A JSON body as parsed JSON: UTF-8, within the byte and depth limits; empty text is `{}`. */
export declare function parseJsonBody(body: string | Uint8Array, limits: XmlLimits): unknown;
/** A typed value as a body: XML with its root (through `xml`, the message's specialized encoder), JSON without, or form text. */
export declare function encodeBody(m: BodyMessage, xml: (value: Record<string, unknown>) => string, format: WireFormat, value: unknown): string;
export declare function hasOwnerNamesCached(desc: Desc): boolean;
/** Sets the owner's name beside each owner-valued element of `value`; false (and nothing done) when the message has none. */
export declare function nameOwnersOf(desc: Desc, value: unknown, name: (id: number) => string | undefined): boolean;
