// Part of the crmgen runtime (runtime/codec.ts), copied into this package by crmgen generate. Do not edit.
// Schema-driven codecs: one interpreter of the descriptors that generated/codecs emits
// per message type. XML, JSON wire and form bodies all meet in the same typed value.
// For XML, generated/codecs/xml.ts holds the same rules specialized per descriptor (what
// encode/decode use); this interpreter is their reference, held equal by
// test/codecs-specialized.test.ts, and the helpers they share are exported below. For JSON,
// generated/codecs/json.ts proves per descriptor that parsed JSON is already typed and hands
// everything else to fromWireJson (the service's decode(); the modular client uses fromWireJson).
// Hand-written because it is specific to this API's wire conventions (id<N> children,
// container elements, comma-delimited lists, empty elements meaning "not given").
import { canonicalDateTime, normalizeDate, normalizeDateOrDateTime, normalizeDateTime } from './dates.js';
import { TreeBuilder, XmlError, escapeXmlAttr, expectedRun, escapeXmlText, parseXml, scanXml, } from './xml.js';
/** A body that cannot be parsed at all (malformed XML, JSON or encoding). */
export class CodecError extends Error {
    key = 'malformedrequest';
    constructor(message) {
        super(message);
        this.name = 'CodecError';
    }
}
/** Is `name` prefix<N> (an id<N> child)? */
export const keyedName = (name, prefix) => {
    if (!name.startsWith(prefix) || name.length === prefix.length)
        return false;
    for (let i = prefix.length; i < name.length; i++) {
        const c = name.charCodeAt(i);
        if (c < 48 || c > 57)
            return false;
    }
    return true;
};
const patterns = new Map();
const pattern = (src) => {
    let re = patterns.get(src);
    if (!re)
        patterns.set(src, (re = new RegExp(src)));
    return re;
};
/** The issue path of a child: parent.child (or the index of a list item). */
export const join = (path, name) => (path ? `${path}.${name}` : String(name));
/** Paths are only reported by strict (request) decoding; responses skip building them. */
const sub = (opts, path, name) => (opts.strict ? join(path, name) : '');
/** Only own entries of a descriptor record: an element named `constructor` or `__proto__` is not a field. */
const own = (r, name) => (Object.hasOwn(r, name) ? r[name] : undefined);
/**
 * The case of a `sel` field chosen by its sibling's value: the value's text. Structure where the
 * sibling's value belongs (an element with children) selects no case, rather than String() failing on it.
 */
export const selKey = (v) => (v !== null && typeof v === 'object' ? '' : String(v));
/** Reports the unknown child `name` of the element at `path`. */
export function unknown(opts, path, name) {
    opts.issues?.push({
        key: 'incorrectfield',
        message: `Incorrect field specified: ${join(path, name)}`,
        path: join(path, name),
    });
}
// ---------- scalars (shared by every format: XML text, JSON values and form strings) ----------
const intRe = /^-?\d+$/;
/** Integer text to number without a regex (the hot path of response decoding); NaN when not an integer. */
function parseInteger(s) {
    const n = s.length;
    if (n === 0 || n > 15)
        return intRe.test(s) ? Number(s) : NaN;
    let i = s.charCodeAt(0) === 45 ? 1 : 0;
    if (i === n)
        return NaN;
    let v = 0;
    for (; i < n; i++) {
        const c = s.charCodeAt(i) - 48;
        if (c < 0 || c > 9)
            return NaN;
        v = v * 10 + c;
    }
    return s.charCodeAt(0) === 45 ? -v : v;
}
const keyCache = new WeakMap();
/** Field names of a descriptor, computed once: for...in over descriptors is the slow part of encoding. */
const keysOf = (f) => {
    let k = keyCache.get(f);
    if (!k)
        keyCache.set(f, (k = Object.keys(f)));
    return k;
};
const decRe = /^-?\d+(?:\.\d+)?$/;
/** Converts a wire value to its typed value; a value that does not convert is kept as is, for the validators to report. Undefined means "not given". */
export function scalarFromWire(code, v) {
    if (v === null || v === undefined)
        return undefined;
    switch (code) {
        case 't':
            return typeof v === 'number' ? String(v) : v;
        case 'i':
        case 'n': {
            if (typeof v === 'number')
                return v;
            if (typeof v !== 'string')
                return v;
            if (code === 'i') {
                const n = parseInteger(v);
                if (n === n)
                    return n;
            }
            const s = v.trim();
            if (s === '')
                return undefined;
            return (code === 'i' ? intRe : decRe).test(s) ? Number(s) : v;
        }
        case 'f':
        case 'F': {
            if (v === 1 || v === '1' || v === true)
                return 1;
            if (v === 0 || v === '0' || v === false)
                return 0;
            if (v === '')
                return code === 'F' ? 0 : undefined;
            return v;
        }
        case 'd':
        case 'dt':
        case 'dd': {
            if (typeof v !== 'string')
                return v;
            // A text starting with a digit (every date) is not blank: no trim() for it.
            const c = v.charCodeAt(0);
            if (!(c >= 48 && c <= 57) && v.trim() === '')
                return undefined;
            return code === 'd' ? normalizeDate(v) : code === 'dt' ? normalizeDateTime(v) : normalizeDateOrDateTime(v);
        }
        case 'il': {
            const parts = Array.isArray(v) ? v : typeof v === 'string' ? splitList(v) : typeof v === 'number' ? [v] : null;
            if (!parts)
                return v;
            return parts.map((p) => (typeof p === 'string' && intRe.test(p.trim()) ? Number(p) : p));
        }
        case 'sl':
            return Array.isArray(v) ? v : typeof v === 'string' ? splitList(v) : v;
        case 'of': {
            if (v === '' || typeof v === 'number')
                return v;
            return typeof v === 'string' && intRe.test(v.trim()) ? Number(v) : v;
        }
    }
}
/** Splits a comma-delimited list, keeping commas inside double quotes ("Lee, Ann" <ann@example.com>). */
export function splitList(text) {
    if (text.trim() === '')
        return [];
    if (!text.includes('"'))
        return text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    const out = [];
    let quoted = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"')
            quoted = !quoted;
        else if (c === ',' && !quoted) {
            out.push(text.slice(start, i).trim());
            start = i + 1;
        }
    }
    out.push(text.slice(start).trim());
    return out.filter(Boolean);
}
function scalarToText(code, v) {
    if (code === 'il' || code === 'sl')
        return Array.isArray(v) ? v.join(',') : String(v);
    return typeof v === 'string' ? v : String(v);
}
// ---------- XML ----------
export function decodeXmlElement(desc, el, opts, path = '') {
    switch (desc.k) {
        case 's':
            return scalarXml(el, desc.s);
        case 'o':
            return decodeXmlObject(desc, el, opts, path);
        case 'l': {
            const out = [];
            for (const child of el.children) {
                if (child.name === desc.e)
                    out.push(decodeXmlElement(desc.of, child, opts, sub(opts, path, out.length)));
                else if (opts.strict)
                    unknown(opts, path, child.name);
            }
            return out;
        }
        case 'y': {
            const out = [];
            for (const child of el.children) {
                if (keyedName(child.name, desc.p))
                    out.push(withId(decodeXmlElement(desc.of, child, opts, sub(opts, path, child.name)), child.name, desc.p));
                else if (opts.strict)
                    unknown(opts, path, child.name);
            }
            return out;
        }
        case 'm': {
            const out = {};
            for (const child of el.children)
                out[child.name] = decodeXmlElement(desc.of, child, opts, sub(opts, path, child.name));
            return out;
        }
    }
}
/** An id<N> entry's value, with id N unless it has an id of its own. */
export function withId(value, name, prefix) {
    if (value && typeof value === 'object' && !Array.isArray(value) && value.id === undefined) {
        return { id: Number(name.slice(prefix.length)), ...value };
    }
    return value;
}
function decodeXmlObject(desc, el, opts, path) {
    const out = {};
    let deferred;
    let inline;
    for (const child of el.children) {
        const name = child.name;
        const fd = own(desc.f, name);
        if (fd) {
            if (desc.sel && name === desc.sel.f) {
                deferred = child;
                continue;
            }
            const v = decodeXmlElement(fd, child, opts, sub(opts, path, name));
            if (v !== undefined)
                out[fd.k === 'y' ? fd.as : name] = v;
            if (desc.an &&
                !opts.strict &&
                child.attrs !== null &&
                child.attrs[desc.an.a] !== undefined &&
                desc.an.f.includes(name))
                out[name + desc.an.s] = child.attrs[desc.an.a];
        }
        else if (desc.inl && keyedName(name, desc.inl.p)) {
            (inline ??= []).push(withId(decodeXmlElement(desc.inl.of, child, opts, sub(opts, path, name)), name, desc.inl.p));
        }
        else if (desc.c && pattern(desc.c).test(name)) {
            out[name] = child.children.length ? genericXml(child) : child.text;
        }
        else if (opts.strict) {
            unknown(opts, path, name);
        }
    }
    if (desc.inl)
        out[desc.inl.as] = inline ?? [];
    if (deferred && desc.sel) {
        // deferred is set only for a child that is the field sel.f of f.
        const fd = own(desc.sel.cases, selKey(out[desc.sel.on])) ?? desc.f[desc.sel.f];
        const v = decodeXmlElement(fd, deferred, opts, sub(opts, path, desc.sel.f));
        if (v !== undefined)
            out[desc.sel.f] = v;
    }
    return out;
}
/** An element of unknown structure as plain data: text, or an object of its children. */
export function genericXml(el) {
    if (!el.children.length)
        return el.text;
    const out = {};
    for (const c of el.children)
        out[c.name] = genericXml(c);
    return out;
}
export function decodeXml(desc, body, root, limits, opts) {
    return decodeXmlWith((el, o) => decodeXmlElement(desc, el, o), body, root, limits, opts);
}
/**
 * decodeXml without the tree: the typed value is built while the document is scanned (what the
 * service and the client decode with). A tree of a 5,000-entry page was four times the objects of
 * its value, and collecting it grew faster than the document (issue 34). The parts read as a
 * tree still are those whose decoding needs a later sibling (`sel`) or that hold structure where
 * a value belongs; decodeXml, over the tree, stays the reference (test/codecs-specialized.test.ts).
 */
export function decodeXmlStream(desc, body, root, limits, opts, stores) {
    const d = new StreamDecoder(desc, root, opts, stores);
    // One decoder lives on for its hidden class (see Order.shape); it holds no document.
    idleDecoder ??= new StreamDecoder(desc, root, { strict: opts.strict, issues: [] }, stores);
    try {
        scanXml(body, limits, d);
    }
    catch (e) {
        if (e instanceof XmlError)
            throw new CodecError(`malformed XML: ${e.message}`);
        throw e;
    }
    return d.value;
}
/** An integer field's XML text (generated stores): the common case without scalarFromWire's dispatch. */
export function intText(t) {
    const n = parseInteger(t);
    return n === n ? n : scalarFromWire('i', t);
}
/** A date-time field's XML text (generated stores): a canonical one is kept as is, without scalarFromWire's dispatch. */
export function dateTimeText(t) {
    return canonicalDateTime(t) ? t : scalarFromWire('dt', t);
}
// How a child's value goes into its parent (Frame.role, StreamDecoder's scalar and tree roles).
const R_ROOT = 0;
const R_FIELD = 1;
const R_INLINE = 2;
const R_ITEM = 3;
const R_KEYED = 4;
const R_MAP = 5;
const R_CUSTOM = 6;
const R_SEL = 7;
let idleDecoder;
/**
 * A plain object with o's keys in o's order, built the way the decoder builds o (from `{}`, one
 * key at a time), so it has o's hidden class; its values are empty ones of the same kinds, so it
 * holds on to none of the document (Order.shape says why it is kept).
 */
function shapeOf(o) {
    const t = {};
    for (const k in o) {
        const v = o[k];
        t[k] = typeof v === 'string' ? '' : Array.isArray(v) ? [] : typeof v === 'object' && v !== null ? {} : v;
    }
    return t;
}
/** Does s hold `key` at ns? (A charCode loop: startsWith at an offset was the hottest line of decoding a page.) */
function spanIs(s, ns, key) {
    for (let k = 0; k < key.length; k++)
        if (s.charCodeAt(ns + k) !== key.charCodeAt(k))
            return false;
    return true;
}
class StreamDecoder {
    rootDesc;
    root;
    opts;
    stores;
    value = undefined;
    /** The run of leaf fields scanXml may pass to expected(): the next ones of the object being read. */
    expect = null;
    stack = [];
    // The open element read as a scalar (mode 1), as a tree (mode 2), or skipped (mode 3).
    mode = 0;
    sDesc = null;
    sName = '';
    sAttrs = null;
    sText = '';
    sRole = 0;
    tree = null;
    skipped = 0;
    lastDesc = null;
    lastStore = null;
    /** The frame `expect` was made for (the object the run's fields go into). */
    runFrame = undefined;
    lenient;
    constructor(rootDesc, root, opts, stores) {
        this.rootDesc = rootDesc;
        this.root = root;
        this.opts = opts;
        this.stores = stores;
        this.lenient = !opts.strict;
    }
    open(name, attrs, offset) {
        this.openElement(name, attrs, offset);
        this.sync();
    }
    leaf(s, ns, ne, attrs, offset, text) {
        this.leafElement(s, ns, ne, attrs, offset, text);
        this.sync();
    }
    close() {
        this.closeElement();
        this.sync();
    }
    // The cursor and `expect` move once per run (ranTo), not per element: per element they were
    // about a tenth of decoding a page (issue 34).
    /** A leaf field of a run scanXml matched with `expect`: stored as leaf() would store it. */
    expected(run, i, text, attrs) {
        const f = this.runFrame;
        const j = run.fields[i];
        const out = f.out;
        if (f.store === null || !f.store(out, j, text, attrs, this.lenient)) {
            const order = f.order;
            const v = scalarFromWire(order.descs[j].s, text);
            const key = order.names[j];
            if (v !== undefined)
                out[key] = v;
            // As leaf(): attrs holds only the owner's name attribute, given only to owner-valued fields.
            if (attrs !== null && this.lenient)
                out[order.names[j + 1]] = attrs[f.desc.an.a];
        }
    }
    /** The run ended after its element i: the cursor moves past that field. */
    ranTo(run, i) {
        const f = this.runFrame;
        f.next = run.fields[i] + 1;
        this.expect = runAt(f.desc, f.order, f.next);
    }
    /** expect for the state the last call left. */
    sync() {
        const f = this.stack[this.stack.length - 1];
        this.runFrame = f;
        this.expect =
            this.mode === 0 && f !== undefined && f.order !== null ? runAt(f.desc, f.order, f.next) : null;
    }
    openElement(name, attrs, offset) {
        if (this.mode === 3) {
            this.skipped++;
            return;
        }
        if (this.mode === 2) {
            this.tree.open(name, attrs, offset);
            return;
        }
        if (this.mode === 1) {
            // Structure where a value belongs: the scalar's element is read as a tree after all.
            const t = (this.tree = new TreeBuilder());
            t.open(this.sName, this.sAttrs, 0);
            if (this.sText !== '')
                t.text(this.sText);
            t.open(name, attrs, offset);
            this.mode = 2;
            return;
        }
        const parent = this.stack[this.stack.length - 1];
        if (parent === undefined) {
            if (name !== this.root) {
                this.opts.issues?.push({
                    key: 'malformedrequest',
                    message: `Expected root element <${this.root}>, found <${name}>`,
                    path: '',
                });
            }
            this.enter(this.rootDesc, name, attrs, '', R_ROOT);
            return;
        }
        const opts = this.opts;
        const path = parent.path;
        switch (parent.desc.k) {
            case 'o': {
                const desc = parent.desc;
                const order = parent.order;
                let fd;
                let j = parent.next;
                // The cursor skips fields not sent and the owner's name (desc null), which is no element.
                while (j < order.names.length && (order.names[j] !== name || order.descs[j] === null))
                    j++;
                if (j < order.names.length) {
                    fd = order.descs[j];
                    name = order.names[j];
                    parent.next = j + 1;
                }
                else {
                    // Not ahead of the cursor: one of the fields it has passed (sent again, or out of order), or none.
                    // A scan of those, not a lookup by the scanned name (a new string, hashed for every lookup).
                    for (j = 0; j < parent.next && (order.names[j] !== name || order.descs[j] === null); j++)
                        ;
                    if (j < parent.next) {
                        fd = order.descs[j];
                        name = order.names[j];
                    }
                }
                if (fd) {
                    parent.fd = fd;
                    if (desc.sel && name === desc.sel.f) {
                        this.tree = new TreeBuilder();
                        this.tree.open(name, attrs, offset);
                        this.mode = 2;
                        this.sRole = R_SEL;
                        return;
                    }
                    this.enter(fd, name, attrs, sub(opts, path, name), R_FIELD);
                }
                else if (desc.inl && keyedName(name, desc.inl.p)) {
                    this.enter(desc.inl.of, name, attrs, sub(opts, path, name), R_INLINE);
                }
                else if (desc.c && pattern(desc.c).test(name)) {
                    this.scalar(null, name, attrs, R_CUSTOM);
                }
                else {
                    if (opts.strict)
                        unknown(opts, path, name);
                    this.skip();
                }
                return;
            }
            case 'l':
                if (name === parent.desc.e)
                    this.enter(parent.desc.of, name, attrs, sub(opts, path, parent.out.length), R_ITEM);
                else {
                    if (opts.strict)
                        unknown(opts, path, name);
                    this.skip();
                }
                return;
            case 'y':
                if (keyedName(name, parent.desc.p))
                    this.enter(parent.desc.of, name, attrs, sub(opts, path, name), R_KEYED);
                else {
                    if (opts.strict)
                        unknown(opts, path, name);
                    this.skip();
                }
                return;
            case 'm':
                this.enter(parent.desc.of, name, attrs, sub(opts, path, name), R_MAP);
                return;
        }
    }
    leafElement(s, ns, ne, attrs, offset, text) {
        const parent = this.stack[this.stack.length - 1];
        // A scalar field of the object being read, stored at once, its name matched in the input
        // against the fields from the cursor on (no string made of it).
        if (this.mode === 0 && parent !== undefined && parent.desc.k === 'o') {
            const desc = parent.desc;
            const order = parent.order;
            const len = ne - ns;
            let j = parent.next;
            for (; j < order.names.length; j++) {
                const key = order.names[j];
                if (key.length === len && order.descs[j] !== null && spanIs(s, ns, key))
                    break;
            }
            const fd = j < order.names.length ? order.descs[j] : undefined;
            if (fd !== undefined && fd.k === 's' && !(desc.sel && order.names[j] === desc.sel.f)) {
                parent.next = j + 1;
                const out = parent.out;
                if (parent.store !== null && parent.store(out, j, text, attrs, !this.opts.strict))
                    return;
                const v = scalarFromWire(fd.s, text);
                // The descriptor's own string as the key: the scanned name is a new string, which every
                // store by it would first look up in V8's table of property names.
                const key = order.names[j];
                if (v !== undefined)
                    out[key] = v;
                // An owner-valued field is followed in the order by its owner's name (desc null), whose key is made once there.
                if (attrs !== null && desc.an && !this.opts.strict && attrs[desc.an.a] !== undefined && desc.an.f.includes(key))
                    out[order.descs[j + 1] === null ? order.names[j + 1] : key + desc.an.s] = attrs[desc.an.a];
                return;
            }
        }
        if (this.mode === 3)
            return;
        this.openElement(s.slice(ns, ne), attrs, offset);
        if (text !== '')
            this.text(text);
        this.closeElement();
    }
    skip() {
        this.mode = 3;
        this.skipped = 1;
    }
    scalar(desc, name, attrs, role) {
        this.mode = 1;
        this.sDesc = desc;
        this.sName = name;
        this.sAttrs = attrs;
        this.sText = '';
        this.sRole = role;
    }
    /** The generated store of an object descriptor, the last one remembered: a page asks for the same one per entry. */
    storeOf(desc) {
        if (desc !== this.lastDesc) {
            this.lastDesc = desc;
            this.lastStore = this.stores !== undefined ? (this.stores.get(desc) ?? null) : null;
        }
        return this.lastStore;
    }
    /** An element decoded by `desc`: a scalar, or a frame for its children. */
    enter(desc, name, attrs, path, role) {
        if (desc.k === 's')
            return this.scalar(desc, name, attrs, role);
        const o = desc.k === 'o';
        const out = o || desc.k === 'm' ? {} : [];
        this.stack.push({
            desc,
            out,
            path,
            name,
            attrs,
            role,
            inline: undefined,
            deferred: undefined,
            order: o ? orderOf(desc) : null,
            next: 0,
            fd: undefined,
            store: o ? this.storeOf(desc) : null,
        });
    }
    text(t) {
        if (this.mode === 1)
            this.sText = this.sText === '' ? t : this.sText + t;
        else if (this.mode === 2)
            this.tree.text(t);
    }
    closeElement() {
        switch (this.mode) {
            case 3:
                if (--this.skipped === 0)
                    this.mode = 0;
                return;
            case 2: {
                const t = this.tree;
                t.close();
                if (t.depth > 0)
                    return;
                this.mode = 0;
                this.tree = null;
                const el = t.root;
                if (this.sRole === R_SEL) {
                    this.stack[this.stack.length - 1].deferred = el;
                    return;
                }
                // A scalar (or custom field) that turned out to hold elements.
                return this.put(el.name, el.attrs, genericXml(el), this.sRole);
            }
            case 1: {
                this.mode = 0;
                const d = this.sDesc;
                return this.put(this.sName, this.sAttrs, d === null ? this.sText : scalarFromWire(d.s, this.sText), this.sRole);
            }
        }
        const f = this.stack.pop();
        let v = f.out;
        if (f.desc.k === 'o') {
            const desc = f.desc;
            const out = f.out;
            if (desc.inl)
                out[desc.inl.as] = f.inline ?? [];
            if (f.deferred && desc.sel) {
                const fd = own(desc.sel.cases, selKey(out[desc.sel.on])) ?? desc.f[desc.sel.f];
                const x = decodeXmlElement(fd, f.deferred, this.opts, sub(this.opts, f.path, desc.sel.f));
                if (x !== undefined)
                    out[desc.sel.f] = x;
            }
            f.order.shape ??= shapeOf(out);
            v = out;
        }
        this.put(f.name, f.attrs, v, f.role);
    }
    /** Stores the value of a closed child element `name` into the open frame, as `role` says. */
    put(name, attrs, v, role) {
        if (role === R_ROOT) {
            this.value = v;
            return;
        }
        const f = this.stack[this.stack.length - 1];
        switch (role) {
            case R_FIELD: {
                const desc = f.desc;
                const out = f.out;
                const fd = f.fd;
                if (v !== undefined)
                    out[fd.k === 'y' ? fd.as : name] = v;
                if (desc.an &&
                    !this.opts.strict &&
                    attrs !== null &&
                    attrs[desc.an.a] !== undefined &&
                    desc.an.f.includes(name))
                    out[name + desc.an.s] = attrs[desc.an.a];
                return;
            }
            case R_INLINE:
                (f.inline ??= []).push(withId(v, name, f.desc.inl.p));
                return;
            case R_ITEM:
                f.out.push(v);
                return;
            case R_KEYED:
                f.out.push(withId(v, name, f.desc.p));
                return;
            case R_MAP:
            case R_CUSTOM:
                f.out[name] = v;
                return;
        }
    }
}
/** Parses an XML body, reports a wrong root element, and decodes the root with `decoder`. */
export function decodeXmlWith(decoder, body, root, limits, opts) {
    let el;
    try {
        el = parseXml(body, limits);
    }
    catch (e) {
        if (e instanceof XmlError)
            throw new CodecError(`malformed XML: ${e.message}`);
        throw e;
    }
    if (el.name !== root) {
        opts.issues?.push({
            key: 'malformedrequest',
            message: `Expected root element <${root}>, found <${el.name}>`,
            path: '',
        });
    }
    return decoder(el, opts, '');
}
export function encodeXml(desc, value, root) {
    return xmlDocument(root, encodeXmlContent(desc, value));
}
/** A whole XML message: the declaration and the root element around its encoded content. */
export function xmlDocument(root, content) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${content}</${root}>`;
}
/** Escaped text of a scalar value other than a list (what scalarToText and escapeXmlText make of it). */
export function xmlText(v) {
    return escapeXmlText(typeof v === 'string' ? v : String(v));
}
/** Escaped text of an id or text list value: comma-delimited. */
export function xmlList(v) {
    return escapeXmlText(Array.isArray(v) ? v.join(',') : String(v));
}
// Elements of the generated encoders: `open` is the whole start tag (`<name>` or `<name label="...">`);
// empty content is written as the empty-element tag. Callers skip values that are not given.
/** Element of a scalar other than a list or a flag written empty when 0. */
export function textEl(v, open, close) {
    let t;
    if (typeof v === 'string')
        t = escapeXmlText(v);
    // A number's text never needs escaping and is never empty.
    else if (typeof v === 'number')
        return open + v + close;
    else
        t = xmlText(v);
    return t === '' ? emptyTag(open) : open + t + close;
}
/** The start tag `head>` of an owner-valued element, with the owner's name as attribute `attr` when it has one. */
export function ownerOpen(head, name, attr) {
    return typeof name === 'string' ? `${head} ${attr}="${escapeXmlAttr(name)}">` : `${head}>`;
}
/** Element of a flag written empty when 0 (F). */
export function flagEl(v, open, close) {
    return v === 0 ? emptyTag(open) : textEl(v, open, close);
}
/** Element of an id or text list. */
export function listEl(v, open, close) {
    const t = xmlList(v);
    return t === '' ? emptyTag(open) : open + t + close;
}
/** Element around already encoded content. */
export function wrapEl(content, open, close) {
    return content === '' ? emptyTag(open) : open + content + close;
}
const emptyTag = (open) => `${open.slice(0, -1)}/>`;
/**
 * Items of a list of n written per chunk (0: none). The encoders flatten a long list's elements
 * in chunks (flatChunk) instead of keeping the rope of every piece of every item to the end: such
 * a rope of a 5,000-entry page was about 300k strings, copied by each young-generation collection
 * while it grew (issue 34); in chunks, the pieces die young. A flattening walks its rope once,
 * which costs more than collecting a rope that stays small, so lists up to 1,024 items are not chunked.
 */
export const chunkItems = (n) => (n > 1024 ? 32 : 0);
/** `c` flattened (V8 makes a rope flat in place when one of its characters is read). */
export function flatChunk(c) {
    // Compared, so that no minifier drops the read: charCodeAt is never -1.
    return c.charCodeAt(0) === -1 ? '' : c;
}
/** An element read as a scalar: structure where a value belongs is kept as plain data, for the validators to report. */
export function scalarXml(el, code) {
    return el.children.length ? genericXml(el) : scalarFromWire(code, el.text);
}
/** scalarXml for text ('t'), which is never "not given". */
export function textXml(el) {
    return el.children.length ? genericXml(el) : el.text;
}
function encodeXmlContent(desc, value) {
    switch (desc.k) {
        case 's':
            return escapeXmlText(scalarToText(desc.s, value));
        case 'o':
            return encodeXmlObject(desc, value);
        case 'l': {
            let s = '';
            let c = '';
            let k = 0;
            const open = `<${desc.e}>`;
            const close = `</${desc.e}>`;
            const chunk = chunkItems(value.length);
            for (const v of value) {
                c += contentEl(desc.of, v, open, close);
                if (++k === chunk) {
                    s += flatChunk(c);
                    c = '';
                    k = 0;
                }
            }
            return s + c;
        }
        case 'y':
            return keyedEls(desc.of, desc.p, value);
        case 'm': {
            let s = '';
            for (const [k, v] of Object.entries(value))
                s += contentEl(desc.of, v, `<${k}>`, `</${k}>`);
            return s;
        }
    }
}
/** The elements prefix<id> of keyed items, flattened in chunks (chunkItems). */
function keyedEls(of, p, items) {
    const chunk = chunkItems(items.length);
    let s = '';
    let c = '';
    let k = 0;
    for (const v of items) {
        c += contentEl(of, v, `<${p}${v.id}>`, `</${p}${v.id}>`);
        if (++k === chunk) {
            s += flatChunk(c);
            c = '';
            k = 0;
        }
    }
    return s + c;
}
/** The element of a value given its start tag `open` (with its attributes) and end tag: what the generated encoders write. */
function contentEl(desc, v, open, close) {
    if (desc.k !== 's')
        return wrapEl(encodeXmlContent(desc, v), open, close);
    return desc.s === 'F'
        ? flagEl(v, open, close)
        : desc.s === 'il' || desc.s === 'sl'
            ? listEl(v, open, close)
            : textEl(v, open, close);
}
const tagCache = /* @__PURE__ */ new WeakMap();
// The last one asked for (as orderOf's): a page asks for its entries' tags once per entry.
let lastTags;
function tagsOf(desc) {
    if (lastTags !== undefined && lastTags[0] === desc)
        return lastTags[1];
    let t = tagCache.get(desc);
    if (t) {
        lastTags = [desc, t];
        return t;
    }
    t = { names: [], fds: [], keys: [], open: [], close: [], head: [], ownerKey: [], plain: true, at: new Map() };
    const custom = desc.c === undefined ? null : pattern(desc.c);
    const isCustom = (key) => custom !== null && !Object.hasOwn(desc.f, key) && custom.test(key);
    for (const name of keysOf(desc.f)) {
        const fd = desc.f[name];
        const label = desc.lb && own(desc.lb, name);
        const head = label === undefined ? `<${name}` : `<${name} label="${escapeXmlAttr(label)}"`;
        t.names.push(name);
        t.fds.push(fd);
        t.keys.push(fd.k === 'y' ? fd.as : name);
        t.open.push(head + '>');
        t.close.push(`</${name}>`);
        const owned = desc.an !== undefined && desc.an.f.includes(name);
        t.head.push(owned ? head : null);
        t.ownerKey.push(owned ? name + desc.an.s : null);
        const key = t.keys[t.keys.length - 1];
        if (isCustom(key) || key in Object.prototype || (owned && isCustom(name + desc.an.s)))
            t.plain = false;
    }
    t.keys.forEach((key, i) => t.at.set(key, i));
    for (const key of t.ownerKey)
        if (key !== null && !t.at.has(key))
            t.at.set(key, -1);
    tagCache.set(desc, t);
    return t;
}
/**
 * encodeXmlObject by one walk over the value's own keys, for a plain value (no inl, no sel) whose
 * fields come in the descriptor's order, as typed values made by this API's code do; undefined
 * when a field comes after one read later in the descriptor (encodeXmlObject then reads them by
 * name). Reading by name from values of many shapes is a megamorphic load per field; a load of
 * the key for-in gives is not (issue 34: most of the interpreter's time encoding a page).
 */
function walkXmlObject(desc, tags, value) {
    const { keys, fds, at } = tags;
    let s = '';
    // Custom fields follow every field, in the value's order.
    let custom = '';
    let j = 0;
    for (const key in value) {
        const v = value[key];
        if (v === undefined)
            continue;
        let i = j;
        while (i < keys.length && keys[i] !== key)
            i++;
        if (i === keys.length) {
            // A field out of the descriptor's order; an owner's name (-1) is written with its field.
            const a = at.get(key);
            if (a !== undefined && a >= 0)
                return undefined;
            // No owner's name is a custom field's (tags.plain): skip the custom test, once per entry of a page.
            if (a === -1 && tags.plain)
                continue;
            // Inherited enumerable keys are not the value's own (the by-name pass reads Object.keys).
            if (desc.c !== undefined && !(key in desc.f) && Object.hasOwn(value, key) && pattern(desc.c).test(key))
                custom += contentEl(text, v, `<${key}>`, `</${key}>`);
            continue;
        }
        j = i + 1;
        const head = tags.head[i];
        const open = head == null ? tags.open[i] : ownerOpen(head, value[tags.ownerKey[i]], desc.an.a);
        s += contentEl(fds[i], v, open, tags.close[i]);
    }
    return custom === '' ? s : s + custom;
}
function encodeXmlObject(desc, value) {
    const tags = tagsOf(desc);
    const special = desc.inl !== undefined || desc.sel !== undefined;
    if (!special && plainObject(value)) {
        const walked = walkXmlObject(desc, tags, value);
        if (walked !== undefined)
            return walked;
    }
    let s = '';
    const { names, fds, keys } = tags;
    // Keys of `value` read as fields (and owners' names): when they are as many as its own keys, it
    // has no custom field, provided each key read is one of its own (so only for a plain object,
    // which inherits nothing but Object.prototype's members, and for fields not named like one).
    let read = 0;
    for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (special && desc.inl && name === desc.inl.as) {
            const items = value[desc.inl.as];
            if (items !== undefined)
                read++;
            s += keyedEls(desc.inl.of, desc.inl.p, items ?? []);
            continue;
        }
        const v = value[keys[i]];
        if (v === undefined)
            continue;
        read++;
        const fd = fds[i];
        const d = special && desc.sel && name === desc.sel.f ? (own(desc.sel.cases, selKey(value[desc.sel.on])) ?? fd) : fd;
        const head = tags.head[i];
        let open;
        if (head == null)
            open = tags.open[i];
        else {
            const owner = value[tags.ownerKey[i]];
            if (owner !== undefined)
                read++;
            open = ownerOpen(head, owner, desc.an.a);
        }
        s += contentEl(d, v, open, tags.close[i]);
    }
    if (desc.c && !(tags.plain && plainObject(value) && Object.keys(value).length === read)) {
        const re = pattern(desc.c);
        for (const name of Object.keys(value))
            if (!(name in desc.f) && re.test(name) && value[name] !== undefined)
                s += contentEl(text, value[name], `<${name}>`, `</${name}>`);
    }
    return s;
}
const text = { k: 's', s: 't' };
/** An object literal's (or JSON.parse's) kind of object: its prototype is Object.prototype or null. */
export function plainObject(v) {
    const p = Object.getPrototypeOf(v);
    return p === Object.prototype || p === null;
}
// ---------- JSON wire ----------
/**
 * Typed value -> the JSON wire form: id<N> keys for keyed arrays, comma-delimited lists. A part
 * whose wire form is itself (same fields, in the descriptor's order, nothing to join or key) is
 * returned as it is, not copied: JSON.stringify then walks the typed value (issue 34).
 */
export function toWireJson(desc, value) {
    switch (desc.k) {
        case 's':
            return desc.s === 'il' || desc.s === 'sl' ? (Array.isArray(value) ? value.join(',') : value) : value;
        case 'o': {
            const v = value;
            if (desc.inl === undefined && desc.sel === undefined) {
                const same = objectToWireShared(desc, v);
                if (same !== undefined)
                    return same;
            }
            const out = {};
            for (const name of keysOf(desc.f)) {
                const fd = desc.f[name];
                if (desc.inl && name === desc.inl.as) {
                    for (const e of v[desc.inl.as] ?? [])
                        out[`${desc.inl.p}${e.id}`] = toWireJson(desc.inl.of, e);
                    continue;
                }
                const x = v[fd.k === 'y' ? fd.as : name];
                if (x === undefined)
                    continue;
                const d = desc.sel && name === desc.sel.f ? (own(desc.sel.cases, selKey(v[desc.sel.on])) ?? fd) : fd;
                out[name] = toWireJson(d, x);
                if (desc.an && desc.an.f.includes(name) && typeof v[name + desc.an.s] === 'string')
                    out[name + desc.an.s] = v[name + desc.an.s];
            }
            if (desc.c) {
                const re = pattern(desc.c);
                for (const name of Object.keys(v))
                    if (!(name in desc.f) && re.test(name) && v[name] !== undefined)
                        out[name] = v[name];
            }
            return out;
        }
        case 'l': {
            const items = value;
            let out;
            for (let i = 0; i < items.length; i++) {
                const w = toWireJson(desc.of, items[i]);
                if (out === undefined && w !== items[i])
                    out = items.slice(0, i);
                if (out !== undefined)
                    out.push(w);
            }
            return out ?? items;
        }
        case 'y': {
            const out = {};
            for (const e of value)
                out[`${desc.p}${e.id}`] = toWireJson(desc.of, e);
            return out;
        }
        case 'm':
            return value;
    }
}
/**
 * JSON.stringify(toWireJson(desc, value)), the same text. A list page keys its entries by id<N>,
 * and JSON.stringify walks such an object (a dictionary) slowly: the entries are stringified as
 * arrays of `entryChunk`, where they are objects of one shape, and their texts are given keys
 * (keyedEntries). Where that cannot be proved right, the page is written as a dictionary object.
 */
export function encodeJson(desc, value) {
    if (desc.k !== 'o' ||
        desc.inl === undefined ||
        desc.sel !== undefined ||
        desc.c !== undefined ||
        value === null ||
        typeof value !== 'object') {
        return JSON.stringify(toWireJson(desc, value));
    }
    const v = value;
    const { as, p } = desc.inl;
    // The members around the entries, as the dictionary would hold them. A member named like an
    // entry key, or starting with a digit (a dictionary puts index names first), needs the dictionary.
    const head = Object.create(null);
    const tail = Object.create(null);
    let out = head;
    for (const name of keysOf(desc.f)) {
        if (name === as) {
            out = tail;
            continue;
        }
        if (keyedName(name, p) || (name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57))
            return dictionaryJson(desc, v);
        const fd = desc.f[name];
        const x = v[fd.k === 'y' ? fd.as : name];
        if (x === undefined)
            continue;
        out[name] = toWireJson(fd, x);
        if (desc.an && desc.an.f.includes(name) && typeof v[name + desc.an.s] === 'string')
            out[name + desc.an.s] = v[name + desc.an.s];
    }
    const entries = keyedEntries(desc.inl, v[as] ?? []);
    if (entries === undefined)
        return dictionaryJson(desc, v);
    // Members without braces; the result stays a rope, as JSON.stringify's own result is.
    let text = JSON.stringify(head).slice(1, -1);
    if (entries !== '')
        text = text === '' ? entries : text + ',' + entries;
    const after = JSON.stringify(tail).slice(1, -1);
    if (after !== '')
        text = text === '' ? after : text + ',' + after;
    return '{' + text + '}';
}
/** Entries stringified per call: enough that a call costs little, few enough that each text is short. */
const entryChunk = 128;
/**
 * The id<N> members of a page's entries, `"id4":{...},"id7":{...}`, or undefined when the text
 * cannot be proved to be the dictionary's. Each chunk is one JSON.stringify of an array of wire
 * objects that inherit from Object.prototype (or nothing) and have no toJSON, so each item's
 * text starts with { and ends with }, and the chunk holds its k - 1 boundaries `},{`. When it
 * holds no other `},{` (a text value or a nested list could), those are the boundaries.
 */
function keyedEntries(inl, items) {
    const p = inl.p;
    // Keys that need escaping or read as array indices (sorted first by a dictionary) are left to it.
    if (!Array.isArray(items) || p === '' || (p.charCodeAt(0) >= 48 && p.charCodeAt(0) <= 57))
        return undefined;
    if (JSON.stringify(p) !== `"${p}"`)
        return undefined;
    // Repeats are looked for in a Set only from the first id not above the one before it: ids that
    // only rise repeat none, and filling a Set of 5,000 costs about 0.05x JSON.stringify (issue 34).
    let top = -Infinity;
    let ids;
    let out = '';
    for (let c = 0; c < items.length; c += entryChunk) {
        const end = Math.min(items.length, c + entryChunk);
        const chunk = [];
        for (let i = c; i < end; i++) {
            const e = items[i];
            const w = toWireJson(inl.of, e);
            if (w === null || typeof w !== 'object' || Array.isArray(w) || typeof w.toJSON === 'function')
                return undefined;
            // Wrappers (new String) and raw JSON objects are written as other text than {...}.
            const proto = Object.getPrototypeOf(w);
            if ((proto !== Object.prototype && proto !== null) ||
                JSON.isRawJSON?.(w))
                return undefined;
            chunk.push(w);
        }
        const text = JSON.stringify(chunk);
        let from = 1;
        for (let i = c; i < end; i++) {
            const last = i + 1 === end;
            const at = last ? text.length - 2 : text.indexOf('},{', from);
            // k - 1 boundaries found and no `},{` after them: they are all the chunk holds.
            if (at < 0 || (last && i > c && text.indexOf('},{', from) !== -1))
                return undefined;
            const id = items[i].id;
            // A number's key needs no escaping, and two numbers give one key only when the Set holds them as one (0, -0).
            // A repeated key: the dictionary keeps its first place and its last value.
            if (typeof id !== 'number')
                return undefined;
            if (ids === undefined) {
                if (id > top)
                    top = id;
                else {
                    ids = new Set();
                    for (let k = 0; k < i; k++)
                        ids.add(items[k].id);
                }
            }
            if (ids !== undefined) {
                if (ids.has(id))
                    return undefined;
                ids.add(id);
            }
            out += (out === '' ? '"' : ',"') + p + id + '":';
            out += text.slice(from, at + 1);
            from = at + 2;
        }
    }
    return out;
}
/** encodeJson of a page as one dictionary object (Object.create(null): no hidden class per set of ids). */
function dictionaryJson(desc, v) {
    const out = Object.create(null);
    for (const name of keysOf(desc.f)) {
        const fd = desc.f[name];
        if (name === desc.inl.as) {
            const p = desc.inl.p;
            for (const e of v[name] ?? [])
                out[`${p}${e.id}`] = toWireJson(desc.inl.of, e);
            continue;
        }
        const x = v[fd.k === 'y' ? fd.as : name];
        if (x === undefined)
            continue;
        out[name] = toWireJson(fd, x);
        if (desc.an && desc.an.f.includes(name) && typeof v[name + desc.an.s] === 'string')
            out[name + desc.an.s] = v[name + desc.an.s];
    }
    return JSON.stringify(out);
}
// Order.wire: a scalar (its own wire form), an id or text list (joined), an owner's name (a
// string or the copy is needed), a keyed array (always copied), another structure (its wire form).
const WIRE_SAME = 0;
const WIRE_LIST = 1;
const WIRE_OWNER = 2;
const WIRE_NEVER = 3;
const WIRE_NESTED = 4;
const orders = /* @__PURE__ */ new WeakMap();
// The last one asked for: a page asks for the same one per entry, and a WeakMap lookup each time cost about 0.02x JSON.stringify.
let lastOrder;
function orderOf(desc) {
    if (lastOrder !== undefined && lastOrder[0] === desc)
        return lastOrder[1];
    let o = orders.get(desc);
    if (o) {
        lastOrder = [desc, o];
        return o;
    }
    o = { names: [], descs: [], runs: [], wire: [], shape: undefined };
    for (const name of keysOf(desc.f)) {
        const fd = desc.f[name];
        o.names.push(name);
        o.descs.push(fd);
        o.wire.push(fd.k !== 's' ? (fd.k === 'y' ? WIRE_NEVER : WIRE_NESTED) : fd.s === 'il' || fd.s === 'sl' ? WIRE_LIST : WIRE_SAME);
        if (desc.an && desc.an.f.includes(name)) {
            o.names.push(name + desc.an.s);
            o.descs.push(null);
            o.wire.push(WIRE_OWNER);
        }
    }
    orders.set(desc, o);
    return o;
}
/** The run of expected leaves of an object's order from cursor j (Order.runs), built once. */
function runAt(desc, o, j) {
    let run = o.runs[j];
    if (run !== undefined)
        return run;
    const fields = [];
    for (let k = j; k < o.names.length; k++) {
        const d = o.descs[k];
        if (d && d.k === 's' && o.names[k] !== desc.sel?.f && /^[A-Za-z_:][A-Za-z0-9_:.-]*$/.test(o.names[k]))
            fields.push(k);
    }
    // An owner-valued field may carry its owner's name as the attribute desc.an.a.
    const a = desc.an && /^[A-Za-z_:][A-Za-z0-9_:.-]*$/.test(desc.an.a) ? desc.an : undefined;
    const attrs = fields.map((k) => (a && a.f.includes(o.names[k]) ? a.a : null));
    run = fields.length
        ? {
            ...expectedRun(fields.map((k) => o.names[k]), attrs),
            fields,
        }
        : null;
    return (o.runs[j] = run);
}
/**
 * The wire form of an object without `inl` or `sel` when the copy of toWireJson would have the
 * same fields in the same order: `v` itself, or, when only values differ, a copy of `v` with
 * them; undefined when the copy must be made (fields out of order, dropped or renamed).
 */
function objectToWireShared(desc, v) {
    const { names, descs, wire } = orderOf(desc);
    let out;
    let j = 0;
    let i = 0;
    for (const name in v) {
        // Typed values are plain objects: inherited enumerable fields (the copy would write them) are not looked for.
        const x = v[name];
        let w = x;
        if (x !== undefined) {
            while (j < names.length && names[j] !== name)
                j++;
            if (j === names.length) {
                // Custom fields follow every field of the descriptor; anything else is dropped.
                if (!desc.c || name in desc.f || !pattern(desc.c).test(name))
                    return undefined;
            }
            else {
                const how = wire[j++];
                if (how === WIRE_SAME) {
                    // A scalar is its own wire form.
                }
                else if (how === WIRE_LIST) {
                    if (Array.isArray(x))
                        w = x.join(',');
                }
                else if (how === WIRE_OWNER) {
                    if (typeof x !== 'string')
                        return undefined;
                }
                else if (how === WIRE_NEVER)
                    return undefined;
                else
                    w = toWireJson(descs[j - 1], x);
            }
        }
        if (out === undefined && w !== x) {
            out = {};
            let k = 0;
            for (const n in v)
                if (k++ < i)
                    out[n] = v[n];
        }
        if (out !== undefined)
            out[name] = w;
        i++;
    }
    return out ?? v;
}
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
export function fromWireJson(desc, value, opts, path = '', owned = false, b = Infinity) {
    if (b === 0 && value !== null && typeof value === 'object')
        throw new TooDeep();
    switch (desc.k) {
        case 's':
            if (value !== null && typeof value === 'object')
                opaque(value, b);
            return value !== null && typeof value === 'object' && !Array.isArray(value)
                ? value
                : scalarFromWire(desc.s, value);
        case 'o': {
            if (value === '' || value === null || value === undefined)
                return undefined;
            if (typeof value !== 'object')
                return value;
            if (Array.isArray(value)) {
                opaque(value, b);
                return value;
            }
            const v = value;
            if (owned && desc.inl === undefined && desc.sel === undefined)
                return objectInPlace(desc, v, opts, path, b - 1);
            return objectCopy(desc, v, opts, path, owned, b);
        }
        case 'l': {
            let items = value;
            // The levels `items` may hold: one less when it is the child of the container element.
            let bi = b;
            if (items && typeof items === 'object' && !Array.isArray(items)) {
                const o = items;
                const keys = Object.keys(o);
                if (keys.length === 1 && keys[0] === desc.e) {
                    items = o[desc.e];
                    bi = b - 1;
                }
                else {
                    for (const k of keys)
                        opaque(o[k], b - 1);
                    if (opts.strict)
                        for (const k of keys)
                            if (k !== desc.e)
                                unknown(opts, path, k);
                }
                if (items === o)
                    items = [];
            }
            if (items === '' || items === undefined || items === null)
                return [];
            if (!Array.isArray(items))
                return [fromWireJson(desc.of, items, opts, sub(opts, path, 0), owned, bi)];
            if (bi === 0)
                throw new TooDeep();
            return owned
                ? arrayInPlace(desc.of, items, opts, path, bi - 1)
                : items.map((e, i) => fromWireJson(desc.of, e, opts, sub(opts, path, i)));
        }
        case 'y': {
            if (Array.isArray(value)) {
                return owned
                    ? arrayInPlace(desc.of, value, opts, path, b - 1)
                    : value.map((e, i) => fromWireJson(desc.of, e, opts, sub(opts, path, i)));
            }
            if (!value || typeof value !== 'object')
                return value;
            const out = [];
            for (const [k, e] of Object.entries(value)) {
                if (keyedName(k, desc.p))
                    out.push(withId(fromWireJson(desc.of, e, opts, sub(opts, path, k), owned, b - 1), k, desc.p));
                else {
                    opaque(e, b - 1);
                    if (opts.strict)
                        unknown(opts, path, k);
                }
            }
            return out;
        }
        case 'm':
            opaque(value, b);
            return value;
    }
}
/**
 * fromWireJson of an object converted into a new one (`inl`, `sel`, or not owned). `of`: the
 * generated decoder of `inl.of`, for owned values (the entries of a page).
 */
export function objectCopy(desc, v, opts, path, owned, b, of) {
    if (!owned)
        of = undefined;
    const out = {};
    let inline;
    for (const name of Object.keys(v)) {
        const fd = own(desc.f, name);
        if (fd) {
            if (desc.sel && name === desc.sel.f)
                continue;
            const x = fromWireJson(fd, v[name], opts, sub(opts, path, name), owned, b - 1);
            if (x !== undefined)
                out[fd.k === 'y' ? fd.as : name] = x;
        }
        else if (desc.inl && keyedName(name, desc.inl.p)) {
            (inline ??= []).push(withId(of
                ? of(v[name], opts, sub(opts, path, name), b - 1)
                : fromWireJson(desc.inl.of, v[name], opts, sub(opts, path, name), owned, b - 1), name, desc.inl.p));
        }
        else if (desc.inl && name === desc.inl.as && Array.isArray(v[name])) {
            if (b === 1)
                throw new TooDeep();
            inline = v[name].map((e, i) => of
                ? of(e, opts, sub(opts, path, i), b - 2)
                : fromWireJson(desc.inl.of, e, opts, sub(opts, path, i), owned, b - 2));
        }
        else if (desc.c && pattern(desc.c).test(name)) {
            opaque(v[name], b - 1);
            out[name] = v[name];
        }
        else if (desc.an && isOwnerName(desc.an, name)) {
            opaque(v[name], b - 1);
            // An owner's name is the service's to give: a client sending one back is not refused, and not heard.
            if (!opts.strict)
                out[name] = v[name];
        }
        else {
            opaque(v[name], b - 1);
            if (opts.strict)
                unknown(opts, path, name);
        }
    }
    if (desc.inl)
        out[desc.inl.as] = inline ?? [];
    if (desc.sel && desc.sel.f in v) {
        // sel.f is always a field of f.
        const fd = own(desc.sel.cases, selKey(out[desc.sel.on])) ?? desc.f[desc.sel.f];
        const x = fromWireJson(fd, v[desc.sel.f], opts, sub(opts, path, desc.sel.f), owned, b - 1);
        if (x !== undefined)
            out[desc.sel.f] = x;
    }
    return out;
}
/** Parsed JSON nested deeper than the limit, found by fromWireJson; decodeJsonText reports it with the limit. */
class TooDeep extends Error {
}
/** A part of parsed JSON that fromWireJson keeps or drops as it is: too deep (TooDeep) if it holds more than `b` levels. */
function opaque(x, b) {
    if (b !== Infinity && x !== null && typeof x === 'object' && deeperThan(x, b))
        throw new TooDeep();
}
/** Is `name` the owner's name beside one of the owner-valued fields (assignedto@cn)? */
const isOwnerName = (an, name) => name.endsWith(an.s) && an.f.includes(name.slice(0, -an.s.length));
/** Is a JSON scalar already the typed value of its code (what scalarFromWire would give back)? */
function typedAlready(code, x) {
    if (typeof x === 'string')
        return code === 't';
    if (typeof x !== 'number')
        return false;
    return code === 'i' || code === 'n' || code === 'of' || ((code === 'f' || code === 'F') && (x === 0 || x === 1));
}
/** The fields of a descriptor by name, without inherited names (constructor, __proto__): looked up per wire field. */
const fieldTables = /* @__PURE__ */ new WeakMap();
function fieldTable(desc) {
    let t = fieldTables.get(desc);
    if (!t)
        fieldTables.set(desc, (t = Object.assign(Object.create(null), desc.f)));
    return t;
}
/** fromWireJson of each item of an owned array, stored where the item was; `b` as fromWireJson's, for each item. */
function arrayInPlace(of, items, opts, path, b) {
    for (let i = 0; i < items.length; i++) {
        // A hole (form's a[2]= without a[0]) stays a hole, as map() leaves it.
        const x = items[i];
        if (x !== undefined)
            items[i] = fromWireJson(of, x, opts, sub(opts, path, i), true, b);
    }
    return items;
}
/**
 * fromWireJson of an owned object without `inl` or `sel`: its fields converted where they are
 * (`b`: the levels each field's value may hold).
 * What the copy would leave out (unknown fields, values that mean "not given", owner names sent
 * to the service, keyed fields typed under another name) makes the copy after all, of the
 * already converted fields; values built by the service and JSON of its answers never do.
 */
function objectInPlace(desc, v, opts, path, b) {
    let copy = false;
    const { names, descs } = orderOf(desc);
    let j = 0;
    // for-in, not Object.keys: no array per object; parsed JSON and form objects inherit nothing enumerable.
    for (const name in v) {
        // Fields in the descriptor's order (the service's answers) are matched by the cursor.
        let fd;
        if (names[j] === name)
            fd = descs[j++];
        else {
            // Fields not given are passed over: the cursor moves on to the name when it comes later.
            let k = j + 1;
            while (k < names.length && names[k] !== name)
                k++;
            if (k < names.length) {
                fd = descs[k];
                j = k + 1;
            }
            else
                fd = fieldTable(desc)[name];
        }
        const x0 = v[name];
        if (fd === null) {
            opaque(x0, b);
            if (opts.strict)
                copy = true;
        }
        else if (fd !== undefined) {
            let x;
            if (fd.k === 's') {
                // Scalars JSON already gives as their typed value (text, numbers, flags) stay as they are.
                if (typedAlready(fd.s, x0))
                    continue;
                x = x0 !== null && typeof x0 === 'object' ? fromWireJson(fd, x0, opts, '', true, b) : scalarFromWire(fd.s, x0);
            }
            else
                x = fromWireJson(fd, x0, opts, sub(opts, path, name), true, b);
            if (x !== x0)
                v[name] = x;
            if (x === undefined || (fd.k === 'y' && fd.as !== name))
                copy = true;
        }
        else if (desc.c && pattern(desc.c).test(name)) {
            opaque(x0, b); // kept as it is
        }
        else if (desc.an && isOwnerName(desc.an, name)) {
            opaque(x0, b);
            if (opts.strict)
                copy = true;
        }
        else {
            opaque(x0, b);
            if (opts.strict)
                unknown(opts, path, name);
            copy = true;
        }
    }
    if (!copy)
        return v;
    const out = {};
    for (const name of Object.keys(v)) {
        const x = v[name];
        if (x === undefined)
            continue;
        const fd = own(desc.f, name);
        if (fd)
            out[fd.k === 'y' ? fd.as : name] = x;
        else if ((desc.c && pattern(desc.c).test(name)) || (!opts.strict && desc.an && isOwnerName(desc.an, name)))
            out[name] = x;
    }
    return out;
}
/** A JSON request wrapped in its root element ({"request": {...}}): the wrapped object; anything else as it is. */
export function unwrapRoot(value, root) {
    if (!value || typeof value !== 'object' || Array.isArray(value))
        return value;
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0] !== root)
        return value;
    const inner = value[root];
    return inner && typeof inner === 'object' && !Array.isArray(inner)
        ? inner
        : inner === '' || inner === null
            ? {}
            : value;
}
/**
 * Sets the owner's name beside every owner-valued child of an answer (`an`), walking the typed
 * value along its descriptor; `name` gives undefined for an id that names no one.
 */
export function nameOwners(desc, value, name) {
    if (value === null || typeof value !== 'object')
        return;
    switch (desc.k) {
        case 'o': {
            const v = value;
            if (desc.an) {
                for (const f of desc.an.f) {
                    const id = v[f];
                    const n = typeof id === 'number' ? name(id) : undefined;
                    if (n !== undefined)
                        v[f + desc.an.s] = n;
                }
            }
            for (const fname of keysOf(desc.f)) {
                const fd = desc.f[fname];
                if (fd.k === 's')
                    continue;
                const d = desc.sel && fname === desc.sel.f ? (own(desc.sel.cases, selKey(v[desc.sel.on])) ?? fd) : fd;
                if (ownerBearing(d))
                    nameOwners(d, v[fd.k === 'y' ? fd.as : fname], name);
            }
            if (desc.inl && ownerBearing(desc.inl.of))
                for (const e of v[desc.inl.as] ?? [])
                    nameOwners(desc.inl.of, e, name);
            return;
        }
        case 'l':
        case 'y':
            if (ownerBearing(desc.of) && Array.isArray(value))
                for (const e of value)
                    nameOwners(desc.of, e, name);
            return;
        case 'm':
            if (ownerBearing(desc.of))
                for (const e of Object.values(value))
                    nameOwners(desc.of, e, name);
            return;
    }
}
/** Does any object of the descriptor carry owner names? (Answers without owners skip the lookup.) */
/** hasOwnerNames remembered per descriptor: nameOwners walks only into parts that can hold an owner. */
const ownerBearingCache = /* @__PURE__ */ new WeakMap();
function ownerBearing(desc) {
    let has = ownerBearingCache.get(desc);
    if (has === undefined)
        ownerBearingCache.set(desc, (has = hasOwnerNames(desc)));
    return has;
}
export function hasOwnerNames(desc, seen = new Set()) {
    if (desc.k === 's' || seen.has(desc))
        return false;
    seen.add(desc);
    if (desc.k !== 'o')
        return hasOwnerNames(desc.of, seen);
    if (desc.an)
        return true;
    return (Object.values(desc.f).some((d) => hasOwnerNames(d, seen)) ||
        (desc.inl !== undefined && hasOwnerNames(desc.inl.of, seen)) ||
        (desc.sel !== undefined && Object.values(desc.sel.cases).some((d) => hasOwnerNames(d, seen))));
}
// ---------- form (application/x-www-form-urlencoded, and multipart fields) ----------
/**
 * Bracket notation (data[details]=x, categories[add][category][]=3) -> nested plain data.
 * `maxDepth` bounds the nesting like JSON's (a plain name is depth 1, each [segment] one more):
 * a key nested deeper is a CodecError before any part of it is built.
 */
export function formToNested(pairs, maxDepth) {
    const root = {};
    const all = [...pairs];
    for (const [key, value] of all) {
        const parts = bracketParts(key, maxDepth);
        let node = root;
        for (let i = 0; i < parts.length; i++) {
            const part = parts[i];
            const last = i === parts.length - 1;
            const nextIsArray = !last && (parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]));
            if (Array.isArray(node)) {
                const idx = part === '' ? node.length : Number(part);
                // A body of n fields holds at most n list items: a larger index would make a sparse
                // array whose every later walk is as long as the index (a[4000000000]=1 stalled for minutes).
                if (idx >= all.length)
                    throw new CodecError(`malformed form: the index ${part} in ${key} is not below the number of fields sent (${all.length})`);
                if (last)
                    node[idx] = value;
                else {
                    // A scalar already there gives way, as below: a[0]=x&a[0][]=y used to throw a TypeError (500).
                    const existing = node[idx];
                    node = (existing && typeof existing === 'object' ? existing : (node[idx] = nextIsArray ? [] : {}));
                }
            }
            else {
                if (part === '__proto__' || part === 'constructor' || part === 'prototype')
                    break;
                if (last)
                    node[part] = value;
                else {
                    const existing = node[part];
                    node = (existing && typeof existing === 'object' ? existing : (node[part] = nextIsArray ? [] : {}));
                }
            }
        }
    }
    return root;
}
/** The name and [segments] of a form key; more than maxDepth - 1 segments is a CodecError (checked as they are found). */
function bracketParts(key, maxDepth) {
    const open = key.indexOf('[');
    if (open < 0)
        return [key];
    const parts = [key.slice(0, open)];
    const re = /\[([^\]]*)\]/g;
    re.lastIndex = open;
    let m;
    while ((m = re.exec(key))) {
        if (parts.length >= maxDepth)
            throw new CodecError(`malformed form: a field name is nested deeper than ${maxDepth} levels (limit ${maxDepth})`);
        parts.push(m[1]);
    }
    return parts;
}
/**
 * Refuses JSON text nested deeper than maxDepth ({} or [] at the top is depth 1) before it is
 * parsed: one pass over the text counting brackets outside strings, stopping at the first one
 * too deep. Everything after JSON.parse may then recurse freely (issue 19: 4.9 million levels
 * blocked the service for seconds). Malformed text is left for JSON.parse to report.
 */
export function checkJsonDepth(text, maxDepth) {
    let depth = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
            // Skip the string: a backslash escapes the next character.
            for (i++; i < n; i++) {
                const d = text.charCodeAt(i);
                if (d === 0x5c)
                    i++;
                else if (d === 0x22)
                    break;
            }
        }
        else if (c === 0x7b || c === 0x5b) {
            if (++depth > maxDepth)
                throw tooDeep(maxDepth);
        }
        else if ((c === 0x7d || c === 0x5d) && depth > 0)
            depth--;
    }
}
/**
 * A JSON text as parsed JSON, refused (CodecError) when malformed or nested deeper than maxDepth.
 * JSON.parse is slow on deep nesting (10 MB of '[' takes over a second), so a text that could nest
 * deep enough for that is checked before it is parsed, as issue 19 wants. Nesting needs brackets:
 * with at most `prescanBrackets` of them, the worst text (all nested) parses in about 30 ms, less
 * than a flat text of the 10 MB body limit, and its depth is checked on the tree. Counting them
 * (indexOf) costs little; the character scan of checkJsonDepth cost as much as JSON.parse (issue 34).
 */
export function parseJsonText(text, maxDepth) {
    const prescan = prescanned(text, maxDepth);
    const v = parsedJson(text);
    if (!prescan && deeperThan(v, maxDepth))
        throw tooDeep(maxDepth);
    return v;
}
/**
 * A JSON text as the typed value of a message: parseJsonText and fromWireJson in one, with the
 * depth of the tree checked by the walk that converts it (a walk of its own cost 0.2–0.3x
 * JSON.parse). `root`: a request's root element, which may wrap it ({"request": {...}}).
 */
export function decodeJsonText(desc, text, maxDepth, opts, root = '', dec) {
    let b = prescanned(text, maxDepth) ? Infinity : maxDepth;
    const tree = parsedJson(text);
    const v = root === '' ? tree : unwrapRoot(tree, root);
    if (v !== tree)
        b--;
    try {
        return dec ? dec(v, opts, '', b) : fromWireJson(desc, v, opts, '', true, b);
    }
    catch (e) {
        if (e instanceof TooDeep)
            throw tooDeep(maxDepth);
        throw e;
    }
}
const tooDeep = (maxDepth) => new CodecError(`malformed JSON: nested deeper than ${maxDepth} levels (limit ${maxDepth})`);
/** Checks the depth of the text before it is parsed when it could nest deep enough to make JSON.parse slow; true if it did. */
function prescanned(text, maxDepth) {
    if (text.length <= prescanBrackets || !bracketsOver(text, prescanBrackets))
        return false;
    checkJsonDepth(text, maxDepth);
    return true;
}
function parsedJson(text) {
    try {
        return JSON.parse(text);
    }
    catch (e) {
        throw new CodecError(`malformed JSON: ${e.message}`);
    }
}
// 64 Ki (a literal: esbuild keeps 1 << 16 as code with an effect). A list page of 5,000 entries has about 5,000.
const prescanBrackets = 65_536;
/** Does the text hold more than `max` opening brackets ({ or [, strings included)? Stops counting past max. */
function bracketsOver(text, max) {
    let n = 0;
    for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1))
        if (++n > max)
            return true;
    for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1))
        if (++n > max)
            return true;
    return false;
}
/** Is parsed JSON nested deeper than `budget` ({} or [] is depth 1)? Recursion stops at the budget. */
function deeperThan(v, budget) {
    if (v === null || typeof v !== 'object')
        return false;
    if (budget === 0)
        return true;
    if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
            const x = v[i];
            if (x !== null && typeof x === 'object' && deeperThan(x, budget - 1))
                return true;
        }
    }
    else {
        for (const k in v) {
            const x = v[k];
            if (x !== null && typeof x === 'object' && deeperThan(x, budget - 1))
                return true;
        }
    }
    return false;
}
export function decodeForm(desc, body, maxDepth, opts) {
    return fromWireJson(desc, formToNested(parseForm(body), maxDepth), opts, '', true);
}
// Pure: a bundler may drop them when nothing that reads them is kept.
const strictUtf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = /* @__PURE__ */ new TextEncoder();
/**
 * An application/x-www-form-urlencoded body as [name, value] pairs, like URLSearchParams
 * (a malformed %-escape stays as it is) except that bytes, raw or %-escaped, that are not
 * UTF-8 are a CodecError: URLSearchParams stored them as U+FFFD.
 */
export function parseForm(body) {
    let text;
    try {
        text = typeof body === 'string' ? body : strictUtf8.decode(body);
    }
    catch {
        throw new CodecError('invalid UTF-8');
    }
    const pairs = [];
    for (const piece of text.split('&')) {
        if (piece === '')
            continue;
        const eq = piece.indexOf('=');
        pairs.push([formUnescape(eq < 0 ? piece : piece.slice(0, eq)), formUnescape(eq < 0 ? '' : piece.slice(eq + 1))]);
    }
    return pairs;
}
function formUnescape(s) {
    const plus = s.replace(/\+/g, ' ');
    if (!plus.includes('%'))
        return plus;
    const bytes = utf8.encode(plus);
    const out = new Uint8Array(bytes.length);
    let n = 0;
    for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i];
        const hex = b === 0x25 && i + 2 < bytes.length ? hexByte(bytes[i + 1], bytes[i + 2]) : -1;
        if (hex >= 0) {
            out[n++] = hex;
            i += 2;
        }
        else
            out[n++] = b;
    }
    try {
        return strictUtf8.decode(out.subarray(0, n));
    }
    catch {
        throw new CodecError('invalid UTF-8 in a %-escape');
    }
}
function hexByte(a, b) {
    const h = (c) => c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    const x = h(a);
    const y = h(b);
    return x < 0 || y < 0 ? -1 : x * 16 + y;
}
/** Typed value -> bracket-notation pairs (lists as name[element][]=v). */
export function encodeForm(desc, value) {
    const out = [];
    const walk = (d, v, key) => {
        if (v === undefined)
            return;
        switch (d.k) {
            case 's':
                out.push([key, scalarToText(d.s, v)]);
                return;
            case 'o': {
                const o = v;
                for (const name in d.f) {
                    const fd = d.f[name];
                    const x = o[fd.k === 'y' ? fd.as : name];
                    const sd = d.sel && name === d.sel.f ? (own(d.sel.cases, selKey(o[d.sel.on])) ?? fd) : fd;
                    walk(sd, x, key ? `${key}[${name}]` : name);
                }
                if (d.c) {
                    const re = pattern(d.c);
                    for (const name of Object.keys(o))
                        if (!(name in d.f) && re.test(name) && o[name] !== undefined)
                            out.push([key ? `${key}[${name}]` : name, String(o[name])]);
                }
                return;
            }
            case 'l':
                v.forEach((e, i) => walk(d.of, e, d.of.k === 's' ? `${key}[${d.e}][]` : `${key}[${d.e}][${i}]`));
                return;
            case 'y':
                for (const e of v)
                    walk(d.of, e, `${key}[${d.p}${e.id}]`);
                return;
            case 'm':
                for (const [k, e] of Object.entries(v))
                    out.push([`${key}[${k}]`, String(e)]);
                return;
        }
    };
    walk(desc, value, '');
    return out;
}
