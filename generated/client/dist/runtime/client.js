// Part of the crmgen runtime (runtime/client.ts), copied into this package by crmgen generate. Do not edit.
// The transport of the generated client: builds each call's request from its typed value,
// sends it with global fetch (Node 20+ and browsers; no Node-only imports here), retries
// idempotent calls, reads the quota header and turns failures into typed errors. The batch
// queue sends queued calls as one multipart/mixed request, through the same codecs.
import { parseBatchResponse, serializeBatchRequest } from './batch.js';
import { parseSaveDate } from './dates.js';
/** A failed call: HTTP status, the envelope's keys and messages, and the quota when known. */
export class ServiceError extends Error {
    status;
    errors;
    details;
    quota;
    /** True when the request failed local validation and was never sent. */
    local;
    constructor(status, details, quota, local = false) {
        super(details.map((d) => `${d.key}: ${d.message}`).join('; ') || `HTTP ${status}`);
        this.name = 'ServiceError';
        this.status = status;
        this.details = details;
        this.errors = Object.fromEntries(details.map((d) => [d.key, d.message]));
        this.quota = quota;
        this.local = local;
    }
    get keys() {
        return this.details.map((d) => d.key);
    }
}
const idempotent = new Set(['GET', 'PUT', 'DELETE']);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function parseQuota(header) {
    const m = header ? /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(header) : null;
    return m ? { used: Number(m[1]), allowed: Number(m[2]) } : undefined;
}
/** The value at a problem's dotted path (data.duedate, items.0.date). */
function valueAt(value, path) {
    if (!path)
        return value;
    return path.split('.').reduce((v, k) => (v !== null && typeof v === 'object' ? v[k] : undefined), value);
}
/**
 * Problems of a request value, as the service would report them. The service reads every save
 * form of a date (YYYY-MM-DD, YYYY-MM-DD hh:mm:ss, ISO 8601 with any offset) into its canonical
 * form before it validates, so a date the service accepts is not an error here either.
 */
function problemsOf(codec, target, value) {
    return codec.validate(target, value).filter((p) => {
        if (p.key !== 'invaliddate')
            return true;
        const v = valueAt(value, p.path);
        return typeof v !== 'string' || parseSaveDate(v) === null;
    });
}
function basic(email, token) {
    const bytes = new TextEncoder().encode(`${email}:${token}`);
    let bin = '';
    for (const b of bytes)
        bin += String.fromCharCode(b);
    return `Basic ${btoa(bin)}`;
}
export class Transport {
    options;
    codec;
    quota;
    format;
    fetchImpl;
    auth;
    base;
    constructor(options, codec) {
        this.options = options;
        this.codec = codec;
        this.format = options.format ?? 'xml';
        this.fetchImpl = options.fetch ?? ((...a) => globalThis.fetch(...a));
        this.auth = basic(options.email, options.token);
        this.base = options.baseUrl.replace(/\/+$/, '');
    }
    /** Validates (unless disabled) and returns the request line, headers and body of a call. */
    prepare(call) {
        if (this.options.validate !== false) {
            const problems = [...(call.params ? problemsOf(this.codec, call.params.target, call.params.value) : []), ...(call.body ? problemsOf(this.codec, call.body.target, call.body.value) : [])];
            if (problems.length)
                throw new ServiceError(400, problems, this.quota, true);
        }
        let path = call.path;
        if (call.params) {
            const query = this.codec.encode(call.params.target, 'form', call.params.value);
            if (query)
                path += `${path.includes('?') ? '&' : '?'}${query}`;
        }
        const headers = { accept: this.codec.contentTypes[this.format] };
        let body;
        if (call.body && call.files && Object.keys(call.files).length) {
            const form = new FormData();
            for (const [k, v] of new URLSearchParams(this.codec.encode(call.body.target, 'form', call.body.value))) {
                // Upload fields travel as file parts, not as their description.
                if (!Object.keys(call.files).some((f) => k === `data[${f}]` || k.startsWith(`data[${f}][`)))
                    form.append(k, v);
            }
            for (const [name, content] of Object.entries(call.files)) {
                const described = call.body.value.data?.[name];
                const blob = content instanceof Blob ? content : new Blob([content], { type: described?.contenttype ?? 'application/octet-stream' });
                form.append(`data[${name}]`, blob, described?.filename ?? 'upload');
            }
            body = form;
        }
        else if (call.body) {
            headers['content-type'] = this.codec.contentTypes[this.format];
            body = this.codec.encode(call.body.target, this.format, call.body.value);
        }
        return { path, headers, body };
    }
    /** Decodes a response: the typed body, or a ServiceError from the envelope. */
    read(status, contentType, text, response, quota) {
        const format = contentType && contentType.includes('json') ? 'json' : 'xml';
        if (status >= 200 && status < 300)
            return response && text ? this.codec.decode(response, format, text).value : { status: 'success' };
        let details = [];
        try {
            const env = this.codec.decode(this.codec.errorTarget, format, text).value;
            details = Object.entries(env.errors ?? {}).map(([key, message]) => ({ key, message }));
        }
        catch {
            // Not an envelope (a proxy's error page): the status says it all.
        }
        return new ServiceError(status, details.length ? details : [{ key: `http${status}`, message: text.slice(0, 200) }], quota);
    }
    send = async (call) => {
        const { path, headers, body } = this.prepare(call);
        headers.authorization = this.auth;
        const retry = this.options.retry ?? {};
        const max = idempotent.has(call.method) ? (retry.max ?? 3) : 0;
        const base = retry.baseDelayMs ?? 200;
        const cap = retry.maxDelayMs ?? 10_000;
        for (let attempt = 0;; attempt++) {
            let res;
            try {
                // fetch reads an undefined body as no body; RequestInit's type only admits null.
                res = await this.fetchImpl(this.base + path, { method: call.method, headers, body: body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
            }
            catch (e) {
                if (attempt < max) {
                    await sleep(Math.random() * Math.min(cap, base * 2 ** attempt));
                    continue;
                }
                throw e;
            }
            const text = await res.text();
            const quota = parseQuota(res.headers.get(this.codec.quotaHeader));
            if (quota)
                this.quota = quota;
            this.options.onResponse?.({ status: res.status, quota, method: call.method, path });
            if ((res.status === 429 || res.status >= 500) && attempt < max) {
                const after = Number(res.headers.get('retry-after'));
                await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, cap) : Math.random() * Math.min(cap, base * 2 ** attempt));
                continue;
            }
            const out = this.read(res.status, res.headers.get('content-type'), text, call.response, quota);
            if (out instanceof ServiceError)
                throw out;
            return out;
        }
    };
    /** A queue whose calls go out together as multipart/mixed batches of at most maxParts. */
    batch() {
        const queued = [];
        const send = (call) => {
            const result = new Promise((resolve, reject) => {
                if (call.files)
                    return reject(new TypeError('file uploads cannot be sent in a batch'));
                queued.push({ call, resolve, reject });
            });
            // A queued call may fail before send() resolves (local validation, or a part of an earlier
            // chunk while the next one is in flight); callers look at it after `await batch.send()`,
            // so its rejection must not count as unhandled meanwhile. Awaiting it still throws.
            result.catch(() => { });
            return result;
        };
        const flush = async () => {
            const all = queued.splice(0);
            for (let i = 0; i < all.length; i += this.codec.batch.maxParts) {
                const chunk = all.slice(i, i + this.codec.batch.maxParts);
                const parts = [];
                const live = [];
                for (const q of chunk) {
                    try {
                        const p = this.prepare(q.call);
                        parts.push({ method: q.call.method, path: p.path, headers: p.headers, body: new TextEncoder().encode(typeof p.body === 'string' ? p.body : ''), contentId: String(parts.length + 1) });
                        live.push(q);
                    }
                    catch (e) {
                        q.reject(e);
                    }
                }
                if (!parts.length)
                    continue;
                const { contentType, body } = serializeBatchRequest(parts);
                let responses;
                try {
                    const res = await this.fetchImpl(this.base + this.codec.batch.path, {
                        method: 'POST',
                        headers: { authorization: this.auth, 'content-type': contentType, accept: this.codec.contentTypes[this.format] },
                        body: body,
                        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
                    });
                    const bytes = new Uint8Array(await res.arrayBuffer());
                    const quota = parseQuota(res.headers.get(this.codec.quotaHeader));
                    if (quota)
                        this.quota = quota;
                    this.options.onResponse?.({ status: res.status, quota, method: 'POST', path: this.codec.batch.path });
                    if (res.status !== 200) {
                        const err = this.read(res.status, res.headers.get('content-type'), new TextDecoder().decode(bytes), undefined, quota);
                        live.forEach((q) => q.reject(err));
                        continue;
                    }
                    responses = parseBatchResponse(bytes, res.headers.get('content-type') ?? undefined);
                }
                catch (e) {
                    live.forEach((q) => q.reject(e));
                    continue;
                }
                live.forEach((q, n) => {
                    const r = responses[n];
                    if (!r)
                        return q.reject(new ServiceError(502, [{ key: 'invalidbatch', message: `the batch response has no part ${n + 1}` }], this.quota));
                    const out = this.read(r.status, r.headers['content-type'] ?? null, new TextDecoder().decode(r.body), q.call.response, this.quota);
                    if (out instanceof ServiceError)
                        q.reject(out);
                    else
                        q.resolve(out);
                });
            }
        };
        return { send, flush };
    }
}
/** One header of either kind, by lower-case name. */
export function webhookHeader(headers, name) {
    if (typeof headers.get === 'function')
        return headers.get(name) ?? undefined;
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
}
const encoder = new TextEncoder();
async function hmac(secret, data) {
    const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
}
/** Compares every character whatever the first difference, so timing does not reveal a matching prefix. */
function sameText(a, b) {
    let diff = a.length ^ b.length;
    for (let i = 0; i < b.length; i++)
        diff |= b.charCodeAt(i) ^ (a.charCodeAt(i) || 0);
    return diff === 0;
}
const bytesOf = (body) => (typeof body === 'string' ? encoder.encode(body) : body);
/**
 * Verifies a webhook delivery with the hook's secret.
 * - With the request's headers: the Standard Webhooks signature (webhook-id, webhook-timestamp,
 *   webhook-signature: `v1,` base64 HMAC-SHA256 of `id.timestamp.body`) when present, refusing a
 *   timestamp further than the tolerance (default 5 minutes) from now, so an old notification
 *   cannot be replayed; otherwise X-Service-Hmac-Sha256.
 * - With a string: that X-Service-Hmac-Sha256 value (lower-case hex HMAC-SHA256 of the exact body).
 */
export async function verifyWebhook(body, signature, secret, options = {}) {
    if (!signature)
        return false;
    const bytes = bytesOf(body);
    if (typeof signature !== 'string') {
        const id = webhookHeader(signature, 'webhook-id');
        const timestamp = webhookHeader(signature, 'webhook-timestamp');
        const standard = webhookHeader(signature, 'webhook-signature');
        if (standard === undefined)
            return verifyWebhook(bytes, webhookHeader(signature, 'x-service-hmac-sha256'), secret);
        if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp.trim()))
            return false;
        const now = options.now ?? Date.now();
        if (Math.abs(now / 1000 - Number(timestamp)) > (options.toleranceSeconds ?? 300))
            return false;
        const signed = new Uint8Array([...encoder.encode(`${id}.${timestamp.trim()}.`), ...bytes]);
        const mac = await hmac(secret, signed);
        const expected = btoa(String.fromCharCode(...mac));
        // Several space-separated signatures may be sent (while a secret is rotated); one match is enough.
        return standard
            .trim()
            .split(/\s+/)
            .map((part) => part.split(','))
            .some(([version, value]) => version === 'v1' && value !== undefined && sameText(value, expected));
    }
    const mac = await hmac(secret, bytes);
    const hex = Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
    return sameText(signature.trim().toLowerCase(), hex);
}
