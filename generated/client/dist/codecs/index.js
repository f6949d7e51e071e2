import { toWireJson } from '../runtime/codec.js';
import { decodeBody, encodeBody, hasOwnerNamesCached, nameOwnersOf } from '../runtime/bodies.js';
import { descriptors } from './descriptors.js';
import { xmlEncoders } from './xml.js';
import { jsonDecoders } from './json.js';
import { xmlStores } from './xml-decode.js';
export { CodecError } from '../runtime/codec.js';
/** Bounds on XML bodies (spec limits); maxDepth also bounds the nesting of JSON and form bodies. */
export const xmlLimits = { maxDepth: 32, maxElements: 100000, maxBytes: 10485760 };
export const roots = { request: "request", response: "response", notification: "notification" };
/** The root element of a message in XML. */
export function rootOf(target) {
    return target.startsWith('notification/') ? roots.notification : isResponse(target) ? roots.response : roots.request;
}
export function isResponse(target) {
    return target.endsWith('.response') || target.startsWith('notification/');
}
/** Decodes a body into the typed value of a message. Requests and parameters are strict (unknown fields become issues); responses tolerate what a newer server adds. Throws CodecError (malformedrequest) on a body that cannot be parsed. XML is decoded while it is scanned (runtime/codec.ts decodeXmlStream), JSON through the generated decoders of json.ts where a target has one, form and other JSON through the descriptor interpreter. */
export function decode(target, format, body) {
    const strict = !isResponse(target);
    const m = { desc: descriptors[target], root: rootOf(target), json: jsonDecoders[target] };
    return decodeBody(m, null, format, body, xmlLimits, { strict, unwrapJsonRoot: strict }, xmlStores);
}
/** Sets the owner's name beside each owner-valued element of an answer; false (and nothing done) when the message has none. */
export function nameOwnersIn(target, value, name) {
    return nameOwnersOf(descriptors[target], value, name);
}
/** Does the message have an owner-valued element (that carries the owner's name)? */
export function ownerNamedIn(target) {
    return hasOwnerNamesCached(descriptors[target]);
}
/** Encodes the typed value of a message as XML (with its root; the generated encoders of xml.ts), JSON (no root) or form text. */
export function encode(target, format, value) {
    return encodeBody({ desc: descriptors[target], root: rootOf(target) }, xmlEncoders[target], format, value);
}
/** The JSON wire form of a typed value (before JSON.stringify). */
export function toWire(target, value) {
    return toWireJson(descriptors[target], value);
}
