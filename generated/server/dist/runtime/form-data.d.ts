export interface UploadedFile {
    filename: string;
    contenttype: string;
    size: number;
    data: Uint8Array;
}
export declare class UploadTooLarge extends Error {
    readonly limit: number;
    constructor(limit: number);
}
export declare class MalformedForm extends Error {
    constructor(message: string);
}
/**
 * Fields as [name, value] pairs for bracket-notation decoding; each file part appears as a
 * field holding its description ({filename, contenttype, size}) and its bytes in `files`.
 */
export declare function parseMultipartForm(body: Uint8Array, contentType: string, maxFileBytes: number): Promise<{
    fields: [string, unknown][];
    files: Record<string, UploadedFile>;
}>;
