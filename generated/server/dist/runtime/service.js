// Part of the crmgen runtime (runtime/service.ts), copied into this package by crmgen generate. Do not edit.
// The request pipeline of a service built on the generated stubs: one path for every
// request, direct or nested in a batch. Framework-neutral: dispatch(request) -> response on
// plain objects; runtime/node-http.ts adapts it to node:http. What it needs to know about
// the API (routes, message targets, error keys, content types) comes in a ServiceDefinition
// that generated/server builds from the spec. The one exception is PipelineErrorKey: the keys
// this pipeline answers with itself, which the generated definition must hold (tsc checks it).
import { BatchError, parseBatchRequest, serializeBatchResponse } from './batch.js';
import { CodecError, formToNested } from './codec.js';
import { MalformedForm, UploadTooLarge, parseMultipartForm } from './form-data.js';
import { describeNonXmlChar, findNonXmlChar } from './xml.js';
/** A failure a handler reports: the key of the error envelope and, optionally, a more precise message. */
export class ServiceError extends Error {
    errors;
    constructor(key, message, path) {
        super(message ?? key);
        this.name = 'ServiceError';
        this.errors = [{ key, message: message ?? '', ...(path ? { path } : {}) }];
    }
    /** Several failures at once; the first names the error. */
    static of(errors) {
        if (!errors[0])
            throw new TypeError('ServiceError.of needs at least one error');
        const e = new ServiceError(errors[0].key);
        e.errors.splice(0, 1, ...errors);
        return e;
    }
}
const encoder = new TextEncoder();
// Node's Buffer.from takes small answers from a pool; TextEncoder makes an ArrayBuffer for each.
const NodeBuffer = globalThis.Buffer;
const utf8 = NodeBuffer
    ? (text) => NodeBuffer.from(text, 'utf8')
    : (text) => encoder.encode(text);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * ServiceDefinition.invoke over an object with one method per operation (the generated Handlers<C>):
 * the method named by the operation's id, called on that object. An operation without a method is
 * a programming error, not the caller's: it throws (the pipeline answers 500).
 */
export function invokeHandlers(handlers) {
    return (operation, input, context) => {
        const method = handlers[operation];
        if (typeof method !== 'function')
            throw new TypeError(`the handlers have no method ${operation}`);
        return method.call(handlers, input, context);
    };
}
/**
 * The request target as a URL. An absolute-form target that does not parse (`GET http://[ HTTP/1.1`)
 * threw outside every handler and answered a bare 500; it now becomes a path that no endpoint has.
 */
function urlOf(target) {
    try {
        // An origin-form target is a path even when it starts with '//' (not a host, as for a relative URL).
        return new URL(target.startsWith('/') ? `http://service.invalid${target}` : target, 'http://service.invalid');
    }
    catch {
        return new URL('http://service.invalid/%00');
    }
}
// A path and query of only these characters is one the URL parser leaves as it is (no dot
// segment, escape, backslash or character it would encode): such a target is split, not parsed.
const plainPath = /^\/[A-Za-z0-9_~\-/]*$/;
const plainQuery = /^[A-Za-z0-9&=%+._~:@/,;!$()*?-]*$/;
const noQuery = new URLSearchParams();
/** urlOf without a URL object for the plain targets of nearly every call. */
function targetOf(target) {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    if (!plainPath.test(path))
        return urlOf(target);
    if (q < 0)
        return { pathname: path, searchParams: noQuery };
    const query = target.slice(q);
    // The search string keeps its '?', which URLSearchParams takes off (a second one is data).
    return plainQuery.test(query.slice(1)) ? { pathname: path, searchParams: new URLSearchParams(query) } : urlOf(target);
}
/** The decoded path, or undefined when its percent-encoding is broken (no endpoint has such a path). */
function decodePath(pathname) {
    if (!pathname.includes('%'))
        return pathname;
    try {
        return decodeURIComponent(pathname);
    }
    catch {
        return undefined;
    }
}
const digits = /^\d{1,15}$/;
/** The operation at method and path; the methods allowed there when none is that method; undefined when no endpoint is there. */
function match(p, method, path) {
    const parts = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
    let allow;
    // Only the operations with as many segments; the path's values are taken once the whole template matches.
    for (const op of p.bySegments.get(parts.length) ?? []) {
        let ok = true;
        for (let i = 0; i < parts.length && ok; i++) {
            const t = op.path[i];
            const s = parts[i];
            if (t === '{kind}')
                ok = p.kinds.has(s) && s !== '';
            else if (t === '{segment}')
                ok = p.segments.has(s) && s !== '';
            // Id 0 names nothing: no endpoint takes it.
            else if (t === '{id}' || t === '{deliveryId}')
                ok = digits.test(s) && Number(s) !== 0;
            else
                ok = t === s;
        }
        if (!ok)
            continue;
        if (op.method !== method) {
            (allow ??= new Set()).add(op.method);
            continue;
        }
        const m = { op };
        for (let i = 0; i < parts.length; i++) {
            const t = op.path[i];
            if (t === '{kind}')
                m.kind = parts[i];
            else if (t === '{segment}')
                m.segment = parts[i];
            else if (t === '{id}')
                m.id = Number(parts[i]);
            else if (t === '{deliveryId}')
                m.deliveryId = Number(parts[i]);
        }
        return m;
    }
    return allow ? { allow: [...allow] } : undefined;
}
/** The request's URL, route and answer format (admission found them already for a request it let in). */
function route(p, req) {
    const url = targetOf(req.url);
    // A malformed escape (%E0%A4%A) used to throw a URIError here and answer 500.
    const path = decodePath(url.pathname);
    return {
        url,
        m: path === undefined ? undefined : match(p, req.method.toUpperCase(), path),
        out: outputOf(p, req, url.searchParams),
    };
}
function outputOf(p, req, query) {
    const raw = query === noQuery ? null : query.get(p.def.jsonpParameter);
    if (raw !== null) {
        const callback = p.def.sanitizeCallback(raw);
        return callback ? { format: 'json', callback } : { format: 'json' };
    }
    const accept = req.headers.accept;
    if (!accept)
        return { format: 'xml' };
    const lower = accept.toLowerCase();
    return { format: p.def.contentTypes.json.some((t) => lower.includes(t)) ? 'json' : 'xml' };
}
function respond(p, status, text, out, extra = {}) {
    const body = out.callback ? `${out.callback}(${text})` : text;
    const type = out.callback ? p.contentType.jsonp : p.contentType[out.format];
    return { status, headers: { 'content-type': type, ...extra }, body: utf8(body) };
}
/** The error envelope of `errors` (at least one); its status is the first error's unless given. */
function failure(p, errors, out, extra = {}, status) {
    const byKey = {};
    for (const e of errors) {
        const known = p.def.errors[e.key];
        // Messages may quote the request (a JSON parser's snippet): the XML envelope must still parse.
        const text = printable(e.message || known?.message || e.key);
        byKey[e.key] = byKey[e.key] ? `${byKey[e.key]}; ${text}` : text;
    }
    const code = status ?? p.def.errors[errors[0].key]?.status ?? 400;
    const r = respond(p, code, p.def.encodeError(out.format, byKey), out, extra);
    if (p.hooks.observe)
        p.errorKeysOf.set(r, Object.keys(byKey));
    return r;
}
/** The quota header of an answer (a fresh object: answers add their own headers to it). */
function withQuota(p, q) {
    return q ? { [p.def.quotaHeader]: `${q.used}/${q.allowed}` } : {};
}
/** Every quotaexceeded answer says when the window resets, so a client can wait instead of spending more calls. */
function overQuota(p, q, context) {
    const headers = withQuota(p, q);
    const after = p.hooks.quotaRetryAfter?.(context);
    if (after !== undefined)
        headers['retry-after'] = String(after);
    return headers;
}
function quotaExceeded(p, quota, context, out) {
    return failure(p, [{ key: 'quotaexceeded', message: `API call limit exceeded: ${quota.used}/${quota.allowed}` }], out, overQuota(p, quota, context));
}
// ---------------------------------------------------------------------------------------------
// admission: credentials, the failed-login throttle, the quota
/** The e-mail and token of a Basic Authorization header, or undefined (absent or unreadable). */
function credentialsOf(req) {
    const auth = req.headers.authorization ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth);
    if (!m)
        return undefined;
    let decoded;
    try {
        const bin = atob(m[1]);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++)
            bytes[i] = bin.charCodeAt(i);
        decoded = strictUtf8.decode(bytes);
    }
    catch {
        return undefined;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0)
        return undefined;
    return { email: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}
/**
 * The caller, undefined for missing or wrong credentials, or a wait in seconds when the throttle
 * refuses to check them. Only credentials that were checked and did not match count as failed:
 * a request without any (a browser's first try, before the challenge) is no guess.
 */
async function authenticate(p, req) {
    const credentials = credentialsOf(req);
    if (!credentials)
        return undefined;
    const attempt = p.hooks.loginThrottle?.attempt(req.remoteAddress ?? '', credentials.email);
    if (attempt && attempt.retryAfter > 0)
        return { retryAfter: attempt.retryAfter };
    let context;
    try {
        context = await p.hooks.authenticate(credentials.email, credentials.token);
    }
    catch (e) {
        attempt?.settle('fault');
        throw e;
    }
    attempt?.settle(context === undefined ? 'failed' : 'matched');
    if (context === undefined)
        return undefined;
    return { context };
}
/** Authentication, then the call counted against the quota: everything decided by the head. */
async function admitHead(p, req) {
    const routed = route(p, req);
    const { out } = routed;
    const auth = await authenticate(p, req);
    if (auth !== undefined && 'retryAfter' in auth) {
        const known = p.def.errors.toomanyfailedlogins;
        return {
            refused: failure(p, [{ key: 'toomanyfailedlogins', message: `${known?.message ?? ''}; retry after ${auth.retryAfter} s` }], out, { 'retry-after': String(auth.retryAfter) }, known?.status ?? 429),
        };
    }
    const context = auth?.context;
    if (context === undefined) {
        const r = failure(p, [
            {
                key: 'authenticationfailed',
                message: 'Basic authentication with the e-mail address and API token is required',
            },
        ], out);
        r.headers['www-authenticate'] = 'Basic realm="service"';
        return { refused: r };
    }
    // A batch counts each nested call, not the envelope. Which request is the batch is decided by
    // its route: deciding by the Content-Type let any call that claimed multipart/mixed skip the quota.
    const isBatch = routed.m !== undefined && 'op' in routed.m && routed.m.op.multipart;
    let quota;
    if (p.hooks.countCalls && !isBatch) {
        quota = await p.hooks.countCalls(context, 1);
        if (quota.used > quota.allowed)
            return { refused: quotaExceeded(p, quota, context, out) };
    }
    return { context, quota, routed, routedFor: `${req.method} ${req.url}` };
}
// ---------------------------------------------------------------------------------------------
// decoding: the body and query string to the operation's input, validated
function inputFormat(p, contentType) {
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (type === '')
        return 'xml';
    const types = p.def.contentTypes;
    if (types.json.includes(type))
        return 'json';
    if (types.form.includes(type))
        return 'form';
    if (types.upload.includes(type))
        return 'upload';
    if (types.xml.includes(type))
        return 'xml';
    if (type === p.def.batch.contentType)
        return 'batch';
    return undefined;
}
/** The input of a routed call, or the answer that refuses it (unsupported body, invalid values). */
async function decodeInput(p, req, m, binding, url, out, headers) {
    const { op } = m;
    const { def } = p;
    const input = {
        kind: m.kind,
        segment: m.segment,
        id: m.id,
        ...(m.deliveryId !== undefined && { deliveryId: m.deliveryId }),
    };
    const issues = [];
    const hasBody = req.body.length > 0;
    // The Content-Type of an empty body does not matter (below).
    const fmt = hasBody ? inputFormat(p, req.headers['content-type']) : undefined;
    // multipart/mixed is the batch's format only; sent to any other endpoint it is as unknown as text/plain.
    if (hasBody && (fmt === undefined || fmt === 'batch'))
        return {
            refused: failure(p, [{ key: 'unsupportedmediatype', message: `Unsupported content type ${req.headers['content-type']}` }], out, headers),
        };
    let bodyData;
    let bodyFormat;
    if (hasBody && fmt === 'upload') {
        if (!op.upload)
            return {
                refused: failure(p, [{ key: 'unsupportedmediatype', message: 'multipart/form-data is accepted by file uploads only' }], out, headers),
            };
        const form = await parseMultipartForm(req.body, req.headers['content-type'], def.limits.maxUploadBytes);
        bodyData = formToNested(form.fields, def.limits.maxDepth);
        bodyFormat = 'form';
        input.files = form.files;
    }
    else if (hasBody) {
        bodyData = req.body;
        bodyFormat = fmt;
    }
    else {
        // An empty body is an empty request whatever the Content-Type ("no field is required"):
        // it used to be read as XML, so an empty form or JSON POST failed as "malformed XML".
        bodyData = {};
        bodyFormat = 'form';
    }
    // List and report parameters: the query string, then a `request` body of the GET;
    // parameters the service does not know are ignored (existing clients send extras).
    const paramsTarget = op.params?.[binding] ?? op.params?.['*'];
    if (paramsTarget) {
        const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== def.jsonpParameter));
        const fromQuery = def.decode(paramsTarget, 'form', query).value;
        const fromBody = def.decode(paramsTarget, bodyFormat, bodyData).value;
        const params = { ...fromBody, ...fromQuery };
        for (const [name, spelled] of Object.entries(op.anyCase ?? {})) {
            const v = params[name];
            const found = typeof v === 'string' ? spelled.find((s) => s.toLowerCase() === v.toLowerCase()) : undefined;
            if (found !== undefined)
                params[name] = found;
        }
        input.params = params;
        issues.push(...def.validate(paramsTarget, input.params));
    }
    const requestTarget = op.request?.[binding] ?? op.request?.['*'];
    if (requestTarget) {
        const decoded = def.decode(requestTarget, bodyFormat, bodyData);
        input.body = decoded.value;
        issues.push(...decoded.issues);
        if (hasBody && fmt === 'form')
            issues.push(...formFiles(p, op.files?.[binding] ?? [], input));
        // One error per place: what decoding (an unknown field, a file that is not base64) already said is not said again.
        issues.push(...def
            .validate(requestTarget, input.body)
            .filter((e) => !issues.some((i) => i.path === e.path && (i.key === e.key || i.key === 'invalidvalue'))));
    }
    // Alone: the other issues may quote the offending text, which the XML envelope cannot carry.
    // A call without body, parameters or files (a show) has no text to look at.
    if (input.body === undefined && input.params === undefined && input.files === undefined && !issues.length)
        return { input };
    const badText = nonXmlText({
        body: input.body,
        params: input.params,
        names: issues.map((i) => i.path ?? ''),
        files: Object.entries(input.files ?? {}).map(([name, f]) => [name, f.filename]),
    }, def.errors.invalidcharacter?.message ?? '');
    if (badText.length)
        return { refused: failure(p, badText, out, headers) };
    if (issues.length)
        return { refused: failure(p, issues, out, headers) };
    return { input };
}
/**
 * Files sent form-encoded (application/x-www-form-urlencoded): data[<field>] holds the bytes in
 * base64. Each becomes an uploaded file named after its field, as a multipart file part would.
 */
function formFiles(p, fields, input) {
    const data = input.body?.data;
    const issues = [];
    for (const field of fields) {
        const v = data?.[field];
        if (typeof v !== 'string')
            continue;
        const path = `data.${field}`;
        const bytes = fromBase64(v);
        if (!bytes) {
            issues.push({
                key: 'invalidvalue',
                message: `${p.def.errors.invalidvalue?.message ?? 'Invalid value'}: ${path}: a file sent form-encoded is its bytes in base64`,
                path,
            });
            continue;
        }
        if (bytes.byteLength > p.def.limits.maxUploadBytes)
            throw new UploadTooLarge(p.def.limits.maxUploadBytes);
        const file = {
            filename: field,
            contenttype: 'application/octet-stream',
            size: bytes.byteLength,
            data: bytes,
        };
        (input.files ??= {})[`data[${field}]`] = file;
        data[field] = { filename: file.filename, contenttype: file.contenttype, size: file.size };
    }
    return issues;
}
// ---------------------------------------------------------------------------------------------
// invoking: the handler, then its result encoded as the answer
async function invokeAndEncode(p, op, binding, input, context, out, headers) {
    const { def, hooks } = p;
    const result = (await def.invoke(op.id, input, context));
    const responseTarget = op.response?.[binding] ?? op.response?.['*'];
    let value = result;
    const extra = { ...headers };
    if (op.location && result && typeof result === 'object' && 'location' in result) {
        extra.location = result.location;
        value = result.body;
    }
    if (responseTarget && hooks.ownerNames && def.nameOwners && def.ownerNamed?.(responseTarget)) {
        const names = await hooks.ownerNames(context);
        def.nameOwners(responseTarget, value, names);
    }
    const text = responseTarget ? def.encode(responseTarget, out.format, value) : '';
    return respond(p, op.status, text, out, extra);
}
/** The envelope of what a call threw: the client's mistakes by their keys, anything else a 500 (logged by onFault). */
function callFailure(p, e, req, out, headers) {
    // A handler's ServiceError is typed by the generated ServiceError, whose keys are K.
    if (e instanceof ServiceError)
        return failure(p, e.errors, out, headers);
    if (e instanceof CodecError)
        return failure(p, [{ key: 'malformedrequest', message: e.message }], out, headers);
    if (e instanceof BatchError)
        return failure(p, [{ key: e.key, message: e.message }], out, headers);
    if (e instanceof UploadTooLarge)
        return failure(p, [{ key: 'requesttoolarge', message: e.message }], out, headers);
    if (e instanceof MalformedForm)
        return failure(p, [{ key: 'malformedrequest', message: e.message }], out, headers);
    const outage = p.hooks.outage?.(e);
    if (outage)
        return failure(p, [{ key: outage.key, message: outage.message ?? '' }], out, {
            ...headers,
            ...outage.headers,
        });
    p.hooks.onFault?.(e, req);
    return failure(p, [{ key: 'internalerror', message: p.def.errors.internalerror?.message ?? 'Internal error' }], out, headers, 500);
}
/** One call: route, decode, validate, invoke, encode. The caller has authenticated and counted it. */
async function call(p, req, context, quota, nested, trace, routed) {
    const { url, m, out } = routed ?? route(p, req);
    const headers = withQuota(p, quota);
    try {
        if (!m)
            return failure(p, [{ key: 'unknownpath', message: `No endpoint at ${url.pathname}` }], out, headers);
        if ('allow' in m)
            return failure(p, [{ key: 'methodnotallowed', message: `${req.method} is not allowed here; allowed: ${m.allow.join(', ')}` }], out, { ...headers, allow: m.allow.join(', ') });
        const { op } = m;
        trace.operation = op.id;
        if (op.multipart)
            return await batchCall(p, req, context, out, nested, trace, headers);
        const binding = op.scope === 'kind' ? m.kind : op.scope === 'activity' ? m.segment : '*';
        const decoded = await decodeInput(p, req, m, binding, url, out, headers);
        if ('refused' in decoded)
            return decoded.refused;
        return await invokeAndEncode(p, op, binding, decoded.input, context, out, headers);
    }
    catch (e) {
        return callFailure(p, e, req, out, headers);
    }
}
// ---------------------------------------------------------------------------------------------
// batches: every part a call of its own, run as the batch's caller
async function batchCall(p, req, context, out, nested, trace, headers) {
    if (nested)
        return failure(p, [{ key: 'invalidbatch', message: 'A batch cannot contain a batch' }], out, headers);
    try {
        return await runBatch(p, req, context, trace);
    }
    catch (e) {
        // A refused batch counted no call; its answer still tells the caller where the quota stands.
        if (e instanceof BatchError)
            return failure(p, [{ key: e.key, message: e.message }], out, withQuota(p, p.hooks.countCalls ? await p.hooks.countCalls(context, 0) : undefined));
        throw e;
    }
}
/** One batch part, run as the batch's caller. */
async function runPart(p, nested, ownCredentials, context, trace) {
    // Every part runs as the batch's caller: a part with credentials of its own (even the same
    // ones) is refused before it is counted or run, so no one runs calls inside another's batch.
    if (ownCredentials)
        return failure(p, [{ key: 'partauthorization', message: p.def.errors.partauthorization?.message ?? '' }], route(p, nested).out, withQuota(p, trace.quota));
    if (p.hooks.countCalls) {
        const quota = (trace.quota = await p.hooks.countCalls(context, 1));
        if (quota.used > quota.allowed)
            return quotaExceeded(p, quota, context, route(p, nested).out);
    }
    return call(p, nested, context, trace.quota, true, trace);
}
/** Batch: parse every part first (a malformed batch runs nothing), then run each as its own call. */
async function runBatch(p, req, context, outer) {
    const parts = parseBatchRequest(req.body, req.headers['content-type'], { maxParts: p.def.batch.maxParts });
    // Every Content-ID must be one the response can echo. Checked by writing an empty response
    // first: a Content-ID with a space, angle bracket or non-ASCII character used to let every
    // part run (and commit) and then fail the whole answer with a 500.
    try {
        serializeBatchResponse(parts.map((part) => ({ status: 200, headers: {}, body: new Uint8Array(), contentId: part.contentId })));
    }
    catch (e) {
        throw new BatchError('invalidbatch', `a Content-ID cannot be echoed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const responses = [];
    let quota;
    for (const [index, part] of parts.entries()) {
        const started = performance.now();
        // Outer headers apply to every nested request unless it overrides them.
        const headers = {
            ...req.headers,
            'content-length': undefined,
            'content-type': undefined,
            ...part.headers,
        };
        const nested = { method: part.method, url: part.path, headers, body: part.body };
        const trace = quota ? { context, quota } : { context };
        const r = await runPart(p, nested, part.headers.authorization !== undefined, context, trace);
        quota = trace.quota ?? quota;
        responses.push({ status: r.status, headers: r.headers, body: r.body, contentId: part.contentId });
        p.hooks.observe?.({
            request: nested,
            response: r,
            operation: trace.operation,
            context: trace.context,
            quota: trace.quota,
            errors: p.errorKeysOf.get(r) ?? [],
            ms: performance.now() - started,
            batch: { request: req, index, contentId: part.contentId },
        });
    }
    if (quota)
        outer.quota = quota;
    const { contentType, body } = serializeBatchResponse(responses);
    return { status: 200, headers: { 'content-type': contentType, ...withQuota(p, quota) }, body };
}
// ---------------------------------------------------------------------------------------------
// dispatch: admission (from the head, or with the body when the shell did not admit), the call, observe()
/** The envelope of a fault outside every handler; never its details. */
function fault(p, e, req) {
    const { out } = route(p, req);
    if (e instanceof BatchError)
        return failure(p, [{ key: e.key, message: e.message }], out);
    const outage = p.hooks.outage?.(e);
    if (outage)
        return failure(p, [{ key: outage.key, message: outage.message ?? '' }], out, outage.headers);
    p.hooks.onFault?.(e, { ...req, body: new Uint8Array() });
    return failure(p, [{ key: 'internalerror', message: 'Internal error' }], out, {}, 500);
}
async function answer(p, req, state, trace) {
    try {
        if (!state) {
            if (req.body.length > p.def.limits.maxBodyBytes)
                return failure(p, [{ key: 'requesttoolarge', message: `The body is larger than ${p.def.limits.maxBodyBytes} bytes` }], route(p, req).out);
            const a = await admitHead(p, req);
            if ('refused' in a)
                return a.refused;
            state = { ...a, started: 0 };
        }
        trace.context = state.context;
        if (state.quota)
            trace.quota = state.quota;
        // The route found from the head holds when the request is the one admitted (same method and target).
        const routed = state.routed && state.routedFor === `${req.method} ${req.url}` ? state.routed : undefined;
        return await call(p, req, state.context, state.quota, false, trace, routed);
    }
    catch (e) {
        return fault(p, e, req);
    }
}
export function createDispatch(def, hooks) {
    const o = def.output;
    const contentType = {
        xml: `${o.xml}; charset=utf-8`,
        json: `${o.json}; charset=utf-8`,
        jsonp: `${o.jsonp}; charset=utf-8`,
    };
    const bySegments = new Map();
    for (const op of def.operations)
        bySegments.set(op.path.length, [...(bySegments.get(op.path.length) ?? []), op]);
    const p = {
        def,
        hooks,
        kinds: new Set(def.kinds),
        segments: new Set(def.segments),
        bySegments,
        errorKeysOf: new WeakMap(),
        contentType,
    };
    /**
     * An admission of this dispatcher, holding what the head decided until the one dispatch that
     * takes it (a replayed admission would run a call nobody counted). A class of this dispatcher
     * with a private field: no other object passes for one, and no WeakMap lookup per request.
     */
    class Ticket {
        admitted = true;
        #state;
        constructor(state) {
            this.#state = state;
        }
        static take(a) {
            if (!(a instanceof Ticket))
                return undefined;
            const state = a.#state;
            a.#state = undefined;
            return state;
        }
    }
    const observe = (request, response, trace, started) => hooks.observe?.({
        request,
        response,
        operation: trace.operation,
        context: trace.context,
        quota: trace.quota,
        errors: p.errorKeysOf.get(response) ?? [],
        ms: performance.now() - started,
    });
    const dispatch = async function dispatch(req) {
        const state = Ticket.take(req.admission);
        if (!hooks.observe)
            return answer(p, req, state, {});
        const started = state?.started ?? performance.now();
        const trace = {};
        const r = await answer(p, req, state, trace);
        observe(req, r, trace, started);
        return r;
    };
    dispatch.admit = async (head) => {
        const started = performance.now();
        let a;
        try {
            a = await admitHead(p, head);
        }
        catch (e) {
            a = { refused: fault(p, e, head) };
        }
        if ('refused' in a) {
            // Refused from its head: the body was never read, and the log says so by its size.
            observe({ ...head, body: new Uint8Array() }, a.refused, {}, started);
            return a;
        }
        return {
            admission: new Ticket({ context: a.context, quota: a.quota, routed: a.routed, routedFor: a.routedFor, started }),
        };
    };
    return dispatch;
}
/**
 * Text XML 1.0 cannot carry (U+0000 and the other controls but TAB/LF/CR, U+FFFE/U+FFFF, unpaired
 * surrogates) is refused in every key and value of every format: stored, it would make XML
 * shows, lists and webhook bodies ill-formed (and databases cannot store U+0000).
 * Iterative: no recursion on request data, whatever its depth.
 */
function nonXmlText(roots, message) {
    const found = [];
    const check = (s, path, inName) => {
        const i = findNonXmlChar(s);
        if (i >= 0 && !found.some((e) => e.path === path))
            found.push({
                key: 'invalidcharacter',
                message: `${message}: ${path || 'value'} (${inName ? 'in the name: ' : ''}${describeNonXmlChar(s, i)} at character ${i + 1})`,
                path,
            });
    };
    // Names the decoder dropped (unknown fields) are only in the paths of its issues.
    for (const name of new Set(roots.names))
        check(name, printable(name), true);
    const queue = [
        [roots.body, ''],
        [roots.params, ''],
        ...roots.files.map(([name, file]) => [file, `${printable(name)}.filename`]),
    ];
    for (let n = 0; n < queue.length; n++) {
        const [v, path] = queue[n];
        if (typeof v === 'string')
            check(v, path, false);
        else if (v && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) {
                const at = path ? `${path}.${printable(k)}` : printable(k);
                check(k, at, true);
                queue.push([x, at]);
            }
        }
    }
    return found;
}
/** The text with characters XML cannot carry written as \uXXXX. */
function printable(k) {
    return findNonXmlChar(k) < 0
        ? k
        : [...k].map((c) => (findNonXmlChar(c) < 0 ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');
}
/** Strict base64 (whitespace ignored) to bytes; undefined when it is not base64. */
function fromBase64(text) {
    const t = text.replace(/\s+/g, '');
    if (t === '' || t.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(t))
        return undefined;
    const bin = atob(t);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++)
        out[i] = bin.charCodeAt(i);
    return out;
}
