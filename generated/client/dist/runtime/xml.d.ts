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
/** Parses a whole document and returns its root element. Throws only XmlError. */
export declare function parseXml(input: string | Uint8Array, limits: XmlLimits): XmlElement;
export declare function escapeXmlText(s: string): string;
/**
 * Escapes an attribute value (for double quotes): & < > " always; also TAB, LF and CR as
 * character references, since a reader turns literal ones into spaces.
 */
export declare function escapeXmlAttr(s: string): string;
