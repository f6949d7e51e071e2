// Part of the crmgen runtime (runtime/form-data.ts), copied into this package by crmgen generate. Do not edit.
// multipart/form-data bodies (file uploads) for the server pipeline, read with busboy.
// Server-side only (Node streams); the client never imports this file.
import busboy from 'busboy';
import { Readable } from 'node:stream';
export class UploadTooLarge extends Error {
    limit;
    constructor(limit) {
        super(`An uploaded file is larger than ${limit} bytes`);
        this.limit = limit;
        this.name = 'UploadTooLarge';
    }
}
export class MalformedForm extends Error {
    constructor(message) {
        super(message);
        this.name = 'MalformedForm';
    }
}
/**
 * Fields as [name, value] pairs for bracket-notation decoding; each file part appears as a
 * field holding its description ({filename, contenttype, size}) and its bytes in `files`.
 */
export function parseMultipartForm(body, contentType, maxFileBytes) {
    return new Promise((resolve, reject) => {
        let bb;
        try {
            bb = busboy({
                headers: { 'content-type': contentType },
                limits: { fileSize: maxFileBytes, files: 20, fields: 1000, parts: 1100 },
            });
        }
        catch (e) {
            reject(new MalformedForm(`malformed multipart/form-data: ${e.message}`));
            return;
        }
        const fields = [];
        const files = {};
        let failed = false;
        const fail = (e) => {
            if (failed)
                return;
            failed = true;
            reject(e);
        };
        // busboy gives a part without a name (or name="") an undefined one; the bracket decoder needs text.
        const unnamed = (name) => {
            if (typeof name === 'string' && name !== '')
                return false;
            fail(new MalformedForm('malformed multipart/form-data: a part has no name'));
            return true;
        };
        bb.on('field', (name, value) => {
            if (!unnamed(name))
                fields.push([name, value]);
        });
        bb.on('file', (name, stream, info) => {
            // A body that ends inside a file is reported on the file's stream: unheard, it killed the process.
            stream.on('error', (e) => fail(new MalformedForm(`malformed multipart/form-data: ${e.message}`)));
            if (unnamed(name)) {
                stream.resume();
                return;
            }
            const chunks = [];
            let size = 0;
            stream.on('data', (c) => {
                size += c.length;
                chunks.push(c);
            });
            stream.on('limit', () => fail(new UploadTooLarge(maxFileBytes)));
            stream.on('end', () => {
                const file = {
                    filename: info.filename ?? 'upload',
                    contenttype: info.mimeType || 'application/octet-stream',
                    size,
                    data: new Uint8Array(Buffer.concat(chunks)),
                };
                files[name] = file;
                fields.push([name, { filename: file.filename, contenttype: file.contenttype, size }]);
            });
        });
        bb.on('error', (e) => fail(new MalformedForm(`malformed multipart/form-data: ${e.message}`)));
        bb.on('close', () => {
            if (!failed)
                resolve({ fields, files });
        });
        Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]).pipe(bb);
    });
}
