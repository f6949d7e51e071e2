// Part of the crmgen runtime (runtime/bodies.ts), copied into this package by crmgen generate. Do not edit.
// Whole message bodies in the three wire formats, for the generated codecs/index.ts: which codec a
// format uses, the body's limits, and the strictness of requests. The generated module passes the
// message's descriptor, its specialized XML functions and its root element; this file names no
// message and no limit of the spec.
import { CodecError, decodeJsonText, decodeXmlStream, decodeXmlWith, encodeForm, encodeJson, formToNested, fromWireJson, hasOwnerNames, nameOwners, parseForm, parseJsonText, unwrapRoot, xmlDocument, } from './codec.js';
/** Bytes or text is a body to parse; an object is already parsed (form fields or JSON). */
const parsed = (body) => typeof body === 'object' && !(body instanceof Uint8Array);
/**
 * Decodes a body into the message's typed value (`{}` for an empty one). XML goes through
 * `xml` (a decoder of the parsed tree) or, when null, is decoded while it is scanned
 * (decodeXmlStream: no tree, what the generated decode() does); JSON and form through the
 * descriptor interpreter.
 * Throws CodecError on a body that cannot be parsed.
 */
export function decodeBody(m, xml, format, body, limits, o, stores) {
    const issues = [];
    const opts = { strict: o.strict, issues };
    let value;
    if (format === 'xml') {
        if (parsed(body))
            throw new CodecError('XML bodies are text or bytes');
        value =
            xml === null
                ? decodeXmlStream(m.desc, body, m.root, limits, opts, stores)
                : decodeXmlWith(xml, body, m.root, limits, opts);
    }
    else if (format === 'json') {
        // Text is parsed here, so its tree is the decoder's to convert in place; an object given is the caller's.
        if (parsed(body))
            value = fromWireJson(m.desc, o.unwrapJsonRoot ? unwrapRoot(body, m.root) : body, opts);
        else {
            const text = jsonText(body, limits);
            value =
                text.trim() === ''
                    ? fromWireJson(m.desc, {}, opts, '', true)
                    : decodeJsonText(m.desc, text, limits.maxDepth, opts, o.unwrapJsonRoot ? m.root : '', m.json);
        }
    }
    else {
        const fields = parsed(body) ? body : formToNested(parseForm(body), limits.maxDepth);
        value = fromWireJson(m.desc, fields, opts, '', !parsed(body));
    }
    return { value: value ?? {}, issues };
}
/** A JSON body as parsed JSON: UTF-8, within the byte and depth limits; empty text is `{}`. */
export function parseJsonBody(body, limits) {
    const text = jsonText(body, limits);
    if (text.trim() === '')
        return {};
    return parseJsonText(text, limits.maxDepth);
}
/** A JSON body's text: UTF-8, within the byte limit. */
function jsonText(body, limits) {
    let text;
    try {
        text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    }
    catch {
        throw new CodecError('invalid UTF-8');
    }
    if (text.length > limits.maxBytes)
        throw new CodecError(`body is larger than ${limits.maxBytes} bytes`);
    return text;
}
/** A typed value as a body: XML with its root (through `xml`, the message's specialized encoder), JSON without, or form text. */
export function encodeBody(m, xml, format, value) {
    if (format === 'xml')
        return xmlDocument(m.root, xml(value));
    if (format === 'json')
        return encodeJson(m.desc, value);
    return new URLSearchParams(encodeForm(m.desc, value)).toString();
}
/** Whether a message has an owner-valued element; asked per answer, so remembered per descriptor. */
const ownerNamed = /* @__PURE__ */ new WeakMap();
export function hasOwnerNamesCached(desc) {
    let has = ownerNamed.get(desc);
    if (has === undefined)
        ownerNamed.set(desc, (has = hasOwnerNames(desc)));
    return has;
}
/** Sets the owner's name beside each owner-valued element of `value`; false (and nothing done) when the message has none. */
export function nameOwnersOf(desc, value, name) {
    if (!hasOwnerNamesCached(desc))
        return false;
    nameOwners(desc, value, name);
    return true;
}
