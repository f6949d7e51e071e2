export interface XmlElement {
    name: string;
    /** null when the element has no attributes (the common case; saves an allocation). */
    attrs: Record<string, string> | null;
    children: XmlElement[];
    /** Decoded character data directly inside this element (text + CDATA), untrimmed; '' if none. */
    text: string;
    /** Offset of the '<' of the start tag in the input string. */
    offset: number;
}
export interface XmlLimits {
    maxDepth: number;
    maxElements: number;
    maxBytes: number;
}
export declare class XmlError extends Error {
    readonly offset: number;
    readonly line: number;
    readonly col: number;
    constructor(problem: string, offset: number, line: number, col: number);
}
/**
 * Index of the first character XML 1.0 cannot carry (a control other than TAB/LF/CR, U+FFFE,
 * U+FFFF, an unpaired surrogate), or -1. The reader refuses such input with it, and the service
 * refuses text values with it, so nothing stored can make an XML answer ill-formed.
 */
export declare function findNonXmlChar(s: string): number;
/** 'invalid character U+0001' or 'unpaired surrogate U+D800', for the character at i. */
export declare function describeNonXmlChar(s: string, i: number): string;
/** A run of leaf elements a handler expects next (XmlHandler.expect), made by expectedRun. */
export interface ExpectedRun {
    /**
     * Sticky, without captures: a run of one or more of the elements `names` (ASCII XML names),
     * each `<name>text</name>` or `<name/>`, the text as LEAF allows it, with no attribute but
     * ` attr[i]="value"` where attr[i] is given (the value without '"', '<', '&', TAB, LF or CR:
     * nothing to decode), each optional, in order; no character XML cannot carry. A lookahead on
     * the first name fails at once where no run starts.
     */
    readonly re: RegExp;
    readonly names: readonly string[];
    readonly lens: readonly number[];
    /** First and last character of each name. */
    readonly first: readonly number[];
    readonly last: readonly number[];
    /** Must the name be compared whole (another name of the run has its length and end characters)? */
    readonly whole: readonly boolean[];
    /** The attribute each element may have (an ASCII XML name), or null. */
    readonly attr: readonly (string | null)[];
    /**
     * An attribute object per attribute of attr, kept only so that its hidden class lives: a
     * full collection drops the classes no live object holds, and the optimized code that
     * expects them is thrown away with them ("weak objects", --trace-deopt; issue 34).
     */
    readonly shapes: readonly object[];
}
export declare function expectedRun(names: string[], attr: (string | null)[]): ExpectedRun;
/**
 * What reads a document as scanXml goes through it: each start tag (open), each piece of
 * character data directly inside the current element, decoded (text; an element's text may come
 * in pieces, around comments, CDATA and child elements), and each end (close). Decoders that
 * build their value while the document is scanned implement it; parseXml builds a tree with it.
 */
export interface XmlHandler {
    open(name: string, attrs: Record<string, string> | null, offset: number): void;
    /** An element holding no element, named s[ns, ne): open, its text (all of it, '' if none) and close at once. */
    leaf(s: string, ns: number, ne: number, attrs: Record<string, string> | null, offset: number, text: string): void;
    text(t: string): void;
    close(): void;
    /**
     * The elements the handler expects next (a decoder's next fields, see ExpectedRun); null or
     * absent: none. Each element of a run scanXml matches goes to `expected` instead of `leaf`.
     */
    readonly expect?: ExpectedRun | null;
    /** Element i of the run `run` (its names[i]), with its text decoded and its attribute if it has one. */
    expected?(run: ExpectedRun, i: number, text: string, attrs: Record<string, string> | null): void;
    /** After the elements of a run (expected), once: the last was its element i. */
    ranTo?(run: ExpectedRun, i: number): void;
}
/**
 * Parses a whole document for `h`. Throws XmlError (or what `h` throws). Everything the
 * document's well-formedness and the limits need is checked here, whatever the handler keeps.
 */
export declare function scanXml(input: string | Uint8Array, limits: XmlLimits, h: XmlHandler): void;
/** Builds the tree of a document (parseXml); also what decoders use for a part they read as a tree. */
export declare class TreeBuilder implements XmlHandler {
    root: XmlElement | null;
    private stack;
    open(name: string, attrs: Record<string, string> | null, offset: number): void;
    leaf(s: string, ns: number, ne: number, attrs: Record<string, string> | null, offset: number, text: string): void;
    text(t: string): void;
    close(): void;
    /** Open elements (0 once the tree's root is closed). */
    get depth(): number;
}
/** Parses a whole document and returns its root element. Throws only XmlError. */
export declare function parseXml(input: string | Uint8Array, limits: XmlLimits): XmlElement;
export declare function escapeXmlText(s: string): string;
/**
 * Escapes an attribute value (for double quotes): & < > " always; also TAB, LF and CR as
 * character references, since a reader turns literal ones into spaces.
 */
export declare function escapeXmlAttr(s: string): string;
