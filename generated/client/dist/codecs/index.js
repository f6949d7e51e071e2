import { decodeXmlWith, xmlDocument, fromWireJson, toWireJson, formToNested, parseForm, encodeForm, checkJsonDepth, CodecError, nameOwners, hasOwnerNames, unwrapRoot } from '../runtime/codec.js';
import { descriptors } from './descriptors.js';
import { xmlDecoders, xmlEncoders } from './xml.js';
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
/** Decodes a body into the typed value of a message. Requests and parameters are strict (unknown fields become issues); responses tolerate what a newer server adds. Throws CodecError (malformedrequest) on a body that cannot be parsed. XML goes through the generated decoders of xml.ts; JSON and form through the descriptor interpreter. */
export function decode(target, format, body) {
    const desc = descriptors[target];
    const issues = [];
    const opts = { strict: !isResponse(target), issues };
    let value;
    if (format === 'xml') {
        if (typeof body === 'object' && !(body instanceof Uint8Array))
            throw new CodecError('XML bodies are text or bytes');
        value = decodeXmlWith(xmlDecoders[target], body, rootOf(target), xmlLimits, opts);
    }
    else if (format === 'json') {
        const parsed = typeof body === 'object' && !(body instanceof Uint8Array) ? body : parseJson(body);
        value = fromWireJson(desc, opts.strict ? unwrapRoot(parsed, rootOf(target)) : parsed, opts);
    }
    else {
        const fields = typeof body === 'object' && !(body instanceof Uint8Array) ? body : formToNested(parseForm(body), xmlLimits.maxDepth);
        value = fromWireJson(desc, fields, opts);
    }
    return { value: (value ?? {}), issues };
}
function parseJson(body) {
    let text;
    try {
        text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    }
    catch {
        throw new CodecError('invalid UTF-8');
    }
    if (text.length > xmlLimits.maxBytes)
        throw new CodecError(`body is larger than ${xmlLimits.maxBytes} bytes`);
    if (text.trim() === '')
        return {};
    checkJsonDepth(text, xmlLimits.maxDepth);
    try {
        return JSON.parse(text);
    }
    catch (e) {
        throw new CodecError(`malformed JSON: ${e.message}`);
    }
}
/** Sets the owner's name beside each owner-valued element of an answer; false (and nothing done) when the message has none. */
export function nameOwnersIn(target, value, name) {
    const desc = descriptors[target];
    if (!ownerNamedIn(target))
        return false;
    nameOwners(desc, value, name);
    return true;
}
/** Does the message have an owner-valued element (that carries the owner's name)? */
export function ownerNamedIn(target) {
    const desc = descriptors[target];
    let has = ownerNamed.get(desc);
    if (has === undefined)
        ownerNamed.set(desc, (has = hasOwnerNames(desc)));
    return has;
}
const ownerNamed = new Map();
/** Encodes the typed value of a message as XML (with its root; the generated encoders of xml.ts), JSON (no root) or form text. */
export function encode(target, format, value) {
    if (format === 'xml')
        return xmlDocument(rootOf(target), xmlEncoders[target](value));
    const desc = descriptors[target];
    if (format === 'json')
        return JSON.stringify(toWireJson(desc, value));
    return new URLSearchParams(encodeForm(desc, value)).toString();
}
/** The JSON wire form of a typed value (before JSON.stringify). */
export function toWire(target, value) {
    return toWireJson(descriptors[target], value);
}
