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
/**
 * The sticky regex of XmlHandler.expect for elements `names` (ASCII XML names): for the k-th,
 * group 2k + 1 holds its text (entities not decoded) when written `<name>text</name>`, group
 * 2k + 2 is '' when written `<name/>`; both undefined when it is not in the run. A lookahead on
 * the first name makes it fail at once (no match array) where no run starts.
 */
export declare function expectedRun(names: string[]): RegExp;
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
     * The elements the handler expects next (a decoder's next fields), as a sticky regex (built by
     * expectedRun) matching a run of them: each `<name>text</name>` or `<name/>`, no attribute, the
     * text as LEAF allows it, each optional, in order. null or absent: none. A match of one or more
     * goes to `expected` instead of one `leaf` call each, its texts decoded.
     */
    readonly expect?: RegExp | null;
    expected?(m: RegExpExecArray): void;
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
