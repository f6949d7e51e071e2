import { type XmlElement, type XmlLimits } from './xml.js';
/** A body that cannot be parsed at all (malformed XML, JSON or encoding). */
export declare class CodecError extends Error {
    readonly key: 'malformedrequest';
    constructor(message: string);
}
/**
 * Scalar codes: t text, i integer, n decimal, f flag (0/1), F flag written empty when 0,
 * d date, dt datetime, dd date or datetime, il integer list, sl text list, of owner filter.
 */
export type ScalarCode = 't' | 'i' | 'n' | 'f' | 'F' | 'd' | 'dt' | 'dd' | 'il' | 'sl' | 'of';
export type Desc = ScalarDesc | ObjectDesc | ListDesc | KeyedDesc | MapDesc;
export interface ScalarDesc {
    k: 's';
    s: ScalarCode;
}
export interface ObjectDesc {
    k: 'o';
    /** Children by element name, in document order. */
    f: Record<string, Desc>;
    /** Pattern of custom field names (text values) allowed beside f. */
    c?: string;
    /** Labels written as the label attribute of children. */
    lb?: Record<string, string>;
    /** Children named prefix<N> sit here directly and form the typed array `as`. */
    inl?: {
        p: string;
        as: string;
        of: Desc;
    };
    /** The child `f` decodes by the value of sibling `on` (an activity's fields by its typeid). */
    sel?: {
        on: string;
        f: string;
        cases: Record<string, Desc>;
    };
    /**
     * Owner-valued children `f` whose owner's name is the XML attribute `a` and, in typed values and
     * JSON, the member child + `s` ("assignedto@cn"). Answers only: strict (request) decoding drops it.
     */
    an?: OwnerNames;
}
export interface OwnerNames {
    a: string;
    s: string;
    f: string[];
}
/** A container of one repeated element: categories/category. */
export interface ListDesc {
    k: 'l';
    e: string;
    of: Desc;
}
/** A container of children named prefix<N>, typed as the array `as`. */
export interface KeyedDesc {
    k: 'y';
    p: string;
    as: string;
    of: Desc;
}
/** Children with free names (the errors of the envelope). */
export interface MapDesc {
    k: 'm';
    of: Desc;
}
/**
 * One message of the API as the generated per-resource modules export it: its wire shape and
 * the root element of its XML form. Format objects (runtime/formats.ts) read and write it, so a
 * call carries its own messages and nothing is looked up by name.
 */
export interface Message {
    readonly root: string;
    readonly desc: Desc;
    /** Answers: the generated XML stores of the named parts it holds (codecs-xml-decode.ts), for the client. */
    readonly xs?: XmlStores;
}
export interface DecodeIssue {
    key: 'incorrectfield' | 'malformedrequest';
    message: string;
    path: string;
}
/** strict (requests): unknown elements are reported; lenient (responses): ignored. */
export interface DecodeOptions {
    strict: boolean;
    issues?: DecodeIssue[];
}
/** Is `name` prefix<N> (an id<N> child)? */
export declare const keyedName: (name: string, prefix: string) => boolean;
/** The issue path of a child: parent.child (or the index of a list item). */
export declare const join: (path: string, name: string | number) => string;
/**
 * The case of a `sel` field chosen by its sibling's value: the value's text. Structure where the
 * sibling's value belongs (an element with children) selects no case, rather than String() failing on it.
 */
export declare const selKey: (v: unknown) => string;
/** Reports the unknown child `name` of the element at `path`. */
export declare function unknown(opts: DecodeOptions, path: string, name: string): void;
/** Converts a wire value to its typed value; a value that does not convert is kept as is, for the validators to report. Undefined means "not given". */
export declare function scalarFromWire(code: ScalarCode, v: unknown): unknown;
/** Splits a comma-delimited list, keeping commas inside double quotes ("Lee, Ann" <ann@example.com>). */
export declare function splitList(text: string): string[];
export declare function decodeXmlElement(desc: Desc, el: XmlElement, opts: DecodeOptions, path?: string): unknown;
/** An id<N> entry's value, with id N unless it has an id of its own. */
export declare function withId(value: unknown, name: string, prefix: string): unknown;
/** An element of unknown structure as plain data: text, or an object of its children. */
export declare function genericXml(el: XmlElement): unknown;
export declare function decodeXml(desc: Desc, body: string | Uint8Array, root: string, limits: XmlLimits, opts: DecodeOptions): unknown;
/**
 * decodeXml without the tree: the typed value is built while the document is scanned (what the
 * service and the client decode with). A tree of a 5,000-entry page was four times the objects of
 * its value, and collecting it grew faster than the document (issue 34). The parts read as a
 * tree still are those whose decoding needs a later sibling (`sel`) or that hold structure where
 * a value belongs; decodeXml, over the tree, stays the reference (test/codecs-specialized.test.ts).
 */
export declare function decodeXmlStream(desc: Desc, body: string | Uint8Array, root: string, limits: XmlLimits, opts: DecodeOptions, stores?: XmlStores): unknown;
/**
 * A generated store of an object descriptor's scalar fields (the service's codecs/xml-decode.ts):
 * stores the text of the leaf element of field j (its place in the decoder's field order, owners'
 * names included) into `o` as the interpreter would (owner's name included when `lenient`), or
 * returns false for a field it does not store, which the interpreter then reads. Its stores have
 * constant keys, so each site sees one shape.
 */
export type XmlLeafStore = (o: Record<string, unknown>, j: number, t: string, attrs: Record<string, string> | null, lenient: boolean) => boolean;
export type XmlStores = ReadonlyMap<Desc, XmlLeafStore>;
/** An integer field's XML text (generated stores): the common case without scalarFromWire's dispatch. */
export declare function intText(t: string): unknown;
/** A date-time field's XML text (generated stores): a canonical one is kept as is, without scalarFromWire's dispatch. */
export declare function dateTimeText(t: string): unknown;
/** A decoder of one message's root element: the interpreter over a descriptor, or a generated function. */
export type XmlDecoder = (el: XmlElement, opts: DecodeOptions, path: string) => unknown;
/** Parses an XML body, reports a wrong root element, and decodes the root with `decoder`. */
export declare function decodeXmlWith(decoder: XmlDecoder, body: string | Uint8Array, root: string, limits: XmlLimits, opts: DecodeOptions): unknown;
export declare function encodeXml(desc: Desc, value: unknown, root: string): string;
/** A whole XML message: the declaration and the root element around its encoded content. */
export declare function xmlDocument(root: string, content: string): string;
/** Escaped text of a scalar value other than a list (what scalarToText and escapeXmlText make of it). */
export declare function xmlText(v: unknown): string;
/** Escaped text of an id or text list value: comma-delimited. */
export declare function xmlList(v: unknown): string;
/** Element of a scalar other than a list or a flag written empty when 0. */
export declare function textEl(v: unknown, open: string, close: string): string;
/** The start tag `head>` of an owner-valued element, with the owner's name as attribute `attr` when it has one. */
export declare function ownerOpen(head: string, name: unknown, attr: string): string;
/** Element of a flag written empty when 0 (F). */
export declare function flagEl(v: unknown, open: string, close: string): string;
/** Element of an id or text list. */
export declare function listEl(v: unknown, open: string, close: string): string;
/** Element around already encoded content. */
export declare function wrapEl(content: string, open: string, close: string): string;
/**
 * Items of a list of n written per chunk (0: none). The encoders flatten a long list's elements
 * in chunks (flatChunk) instead of keeping the rope of every piece of every item to the end: such
 * a rope of a 5,000-entry page was about 300k strings, copied by each young-generation collection
 * while it grew (issue 34); in chunks, the pieces die young. A flattening walks its rope once,
 * which costs more than collecting a rope that stays small, so lists up to 1,024 items are not chunked.
 */
export declare const chunkItems: (n: number) => number;
/** `c` flattened (V8 makes a rope flat in place when one of its characters is read). */
export declare function flatChunk(c: string): string;
/** An element read as a scalar: structure where a value belongs is kept as plain data, for the validators to report. */
export declare function scalarXml(el: XmlElement, code: ScalarCode): unknown;
/** scalarXml for text ('t'), which is never "not given". */
export declare function textXml(el: XmlElement): unknown;
/** An object literal's (or JSON.parse's) kind of object: its prototype is Object.prototype or null. */
export declare function plainObject(v: object): boolean;
/**
 * Typed value -> the JSON wire form: id<N> keys for keyed arrays, comma-delimited lists. A part
 * whose wire form is itself (same fields, in the descriptor's order, nothing to join or key) is
 * returned as it is, not copied: JSON.stringify then walks the typed value (issue 34).
 */
export declare function toWireJson(desc: Desc, value: unknown): unknown;
/**
 * JSON.stringify(toWireJson(desc, value)), the same text. A list page keys its entries by id<N>,
 * and JSON.stringify walks such an object (a dictionary) slowly: the entries are stringified as
 * arrays of `entryChunk`, where they are objects of one shape, and their texts are given keys
 * (keyedEntries). Where that cannot be proved right, the page is written as a dictionary object.
 */
export declare function encodeJson(desc: Desc, value: unknown): string;
/**
 * JSON wire (or form) -> typed value. Accepts both the collapsed container form
 * ({"add": [3]}) and the literal one ({"add": {"category": [3]}}), a single child
 * where a list is expected, and numbers or flags sent as strings.
 * `owned`: the value is the decoder's own (JSON.parse's or formToNested's result, shared with no
 * one), so objects and arrays are converted where they are instead of copied: a second tree as
 * large as JSON.parse's was most of the cost of decoding (issue 34).
 * `b`: the levels of nesting `value` may still hold ({} or [] is one), for parsed JSON whose depth
 * is checked by this walk rather than by a walk of its own (issue 34); a part the walk does not
 * go into is checked by deeperThan. Too deep throws TooDeep. Infinity: nothing to check.
 */
export declare function fromWireJson(desc: Desc, value: unknown, opts: DecodeOptions, path?: string, owned?: boolean, b?: number): unknown;
/**
 * A JSON decoder generated for one descriptor (codecs/json.ts): fromWireJson(desc, x, opts, path,
 * true, b) for an owned value, with the same value, key order, issues and depth checks.
 */
export type JsonDecoder = (x: unknown, opts: DecodeOptions, path: string, b: number) => unknown;
/**
 * fromWireJson of an object converted into a new one (`inl`, `sel`, or not owned). `of`: the
 * generated decoder of `inl.of`, for owned values (the entries of a page).
 */
export declare function objectCopy(desc: ObjectDesc, v: Record<string, unknown>, opts: DecodeOptions, path: string, owned: boolean, b: number, of?: JsonDecoder): Record<string, unknown>;
/** A JSON request wrapped in its root element ({"request": {...}}): the wrapped object; anything else as it is. */
export declare function unwrapRoot(value: unknown, root: string): unknown;
/**
 * Sets the owner's name beside every owner-valued child of an answer (`an`), walking the typed
 * value along its descriptor; `name` gives undefined for an id that names no one.
 */
export declare function nameOwners(desc: Desc, value: unknown, name: (id: number) => string | undefined): void;
export declare function hasOwnerNames(desc: Desc, seen?: Set<Desc>): boolean;
/**
 * Bracket notation (data[details]=x, categories[add][category][]=3) -> nested plain data.
 * `maxDepth` bounds the nesting like JSON's (a plain name is depth 1, each [segment] one more):
 * a key nested deeper is a CodecError before any part of it is built.
 */
export declare function formToNested(pairs: Iterable<[string, unknown]>, maxDepth: number): Record<string, unknown>;
/**
 * Refuses JSON text nested deeper than maxDepth ({} or [] at the top is depth 1) before it is
 * parsed: one pass over the text counting brackets outside strings, stopping at the first one
 * too deep. Everything after JSON.parse may then recurse freely (issue 19: 4.9 million levels
 * blocked the service for seconds). Malformed text is left for JSON.parse to report.
 */
export declare function checkJsonDepth(text: string, maxDepth: number): void;
/**
 * A JSON text as parsed JSON, refused (CodecError) when malformed or nested deeper than maxDepth.
 * JSON.parse is slow on deep nesting (10 MB of '[' takes over a second), so a text that could nest
 * deep enough for that is checked before it is parsed, as issue 19 wants. Nesting needs brackets:
 * with at most `prescanBrackets` of them, the worst text (all nested) parses in about 30 ms, less
 * than a flat text of the 10 MB body limit, and its depth is checked on the tree. Counting them
 * (indexOf) costs little; the character scan of checkJsonDepth cost as much as JSON.parse (issue 34).
 */
export declare function parseJsonText(text: string, maxDepth: number): unknown;
/**
 * A JSON text as the typed value of a message: parseJsonText and fromWireJson in one, with the
 * depth of the tree checked by the walk that converts it (a walk of its own cost 0.2–0.3x
 * JSON.parse). `root`: a request's root element, which may wrap it ({"request": {...}}).
 */
export declare function decodeJsonText(desc: Desc, text: string, maxDepth: number, opts: DecodeOptions, root?: string, dec?: JsonDecoder): unknown;
export declare function decodeForm(desc: Desc, body: string, maxDepth: number, opts: DecodeOptions): unknown;
/**
 * An application/x-www-form-urlencoded body as [name, value] pairs, like URLSearchParams
 * (a malformed %-escape stays as it is) except that bytes, raw or %-escaped, that are not
 * UTF-8 are a CodecError: URLSearchParams stored them as U+FFFD.
 */
export declare function parseForm(body: string | Uint8Array): [string, string][];
/** Typed value -> bracket-notation pairs (lists as name[element][]=v). */
export declare function encodeForm(desc: Desc, value: unknown): [string, string][];
