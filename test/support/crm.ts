// A small JSON client over real HTTP for the service tests of activities and reports, and
// activity data built from the IR: valid values for every field of a type, parent chains
// from the hierarchy. Nothing here is a mock: every call goes to `crmgen serve` on 127.0.0.1.
import http from 'node:http';
import { spawn } from 'node:child_process';
import type { ActivityType, Field, Spec } from '../../generator/pipeline/model.ts';
import { basic, call, type CallResult } from './server.ts';
import { cli, root } from './paths.ts';

export type Wire = Record<string, unknown>;
/** An entry of a JSON answer (a journal entry, a report row). */
export type Entry = Record<string, any>;

/** A file to upload: multipart/form-data with a Blob. */
export class Upload {
  constructor(
    readonly filename: string,
    readonly contenttype: string,
    readonly bytes: Uint8Array<ArrayBuffer>,
  ) {}
  get described() {
    return { filename: this.filename, contenttype: this.contenttype, size: this.bytes.byteLength };
  }
}

export interface Reply {
  status: number;
  body: any;
  text: string;
}

const parse = (r: CallResult): Reply => {
  let body: unknown;
  try {
    body = JSON.parse(r.text);
  } catch {
    body = undefined;
  }
  return { status: r.status, body, text: r.text };
};

/** The error keys of a failed reply (JSON envelope, or the XML one some answers use). */
export function errorKeys(r: Reply): string[] {
  if (r.body?.errors) return Object.keys(r.body.errors);
  return [...r.text.matchAll(/<errors>(.*)<\/errors>/gs)].flatMap((m) =>
    [...m[1].matchAll(/<([a-z]+)>/g)].map((x) => x[1]),
  );
}

export class Crm {
  readonly auth: string;
  constructor(
    readonly base: string,
    readonly user: [string, string],
  ) {
    this.auth = basic(...user);
  }

  async send(method: string, path: string, body?: Wire): Promise<Reply> {
    return parse(
      await call(this.base, path, {
        method,
        auth: this.auth,
        accept: 'application/json',
        ...(body ? { contentType: 'application/json', body: JSON.stringify(body) } : {}),
      }),
    );
  }

  async form(method: string, path: string, fields: [string, string | Upload][]): Promise<Reply> {
    const fd = new FormData();
    for (const [name, v] of fields) {
      if (v instanceof Upload) fd.append(name, new Blob([v.bytes], { type: v.contenttype }), v.filename);
      else fd.append(name, v);
    }
    return parse(await call(this.base, path, { method, auth: this.auth, accept: 'application/json', body: fd }));
  }

  /** GET with a body (fetch refuses one): report parameters in a `request` body. */
  getWithBody(path: string, body: string, contentType: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, this.base);
      if (url.hostname !== '127.0.0.1') throw new Error('tests talk to 127.0.0.1 only');
      const req = http.request(
        url,
        {
          method: 'GET',
          headers: {
            authorization: this.auth,
            accept: 'application/json',
            'content-type': contentType,
            'content-length': Buffer.byteLength(body),
          },
          timeout: 15_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, text }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }

  async record(kind: string, fields: Wire = {}): Promise<number> {
    const r = await this.send('POST', `/${kind}/`, fields);
    if (r.status !== 201) throw new Error(`create ${kind}: ${r.status} ${r.text}`);
    return r.body.item.id as number;
  }

  /** POST /{kind}/{segment}/: JSON, or multipart when data holds an Upload. */
  create(
    kind: string,
    segment: string,
    parent: number,
    data: Wire = {},
    place: { after?: number; before?: number } = {},
  ): Promise<Reply> {
    const path = `/${kind}/${segment}/`;
    if (Object.values(data).some((v) => v instanceof Upload))
      return this.form('POST', path, formFields({ parent, data, ...place }));
    return this.send('POST', path, { parent, data, ...place });
  }

  /** Like create, but fails the test unless the activity was created; returns its id. */
  async add(
    kind: string,
    segment: string,
    parent: number,
    data: Wire = {},
    place: { after?: number; before?: number } = {},
  ): Promise<number> {
    const r = await this.create(kind, segment, parent, data, place);
    if (r.status !== 200 || typeof r.body?.id !== 'number')
      throw new Error(`create ${segment} under ${parent}: ${r.status} ${r.text}`);
    return r.body.id;
  }

  update(kind: string, segment: string, id: number, body: Wire): Promise<Reply> {
    return this.send('PUT', `/${kind}/${segment}/${id}`, body);
  }

  remove(kind: string, segment: string, id: number): Promise<Reply> {
    return this.send('DELETE', `/${kind}/${segment}/${id}/`);
  }

  async show(kind: string, id: number): Promise<Reply> {
    return this.send('GET', `/${kind}/${id}/`);
  }

  /** The record's journal as show returns it, in journal order. */
  async journal(kind: string, id: number): Promise<Entry[]> {
    const r = await this.show(kind, id);
    if (r.status !== 200) throw new Error(`show ${kind} ${id}: ${r.status} ${r.text}`);
    return Object.values(r.body.activities ?? {}) as Entry[];
  }

  async report(name: string, query = ''): Promise<Reply> {
    return this.send('GET', `/report/${name}/${query ? `?${query}` : ''}`);
  }
}

/** Bracket-notation form fields (data[caption]) of a request body, files as Uploads. */
export function formFields(body: Wire): [string, string | Upload][] {
  const out: [string, string | Upload][] = [];
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !(v instanceof Upload))
      for (const [f, x] of Object.entries(v)) out.push([`${k}[${f}]`, x instanceof Upload ? x : String(x)]);
    else out.push([k, v instanceof Upload ? v : String(v)]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Activity data from the IR

const scalar = (f: Field) => (f.shape.kind === 'scalar' ? f.shape : undefined);
export const listOf = (spec: Spec, name: string | undefined) =>
  name ? spec.values.find((v) => v.name === name)!.values.map((e) => e.value) : [];

/** Flags other fields' conditions read are 0 (so those fields may be given), and flags that cannot be 1 on create are 0. */
function flagValue(type: ActivityType, f: Field): number {
  if (f.notTrueOnCreate) return 0;
  return type.fields.some((o) => o.when?.field === f.name) ? 0 : 1;
}

/** A valid wire value (JSON) of one field, for a caller whose user id is `owner`. */
export function validValue(spec: Spec, type: ActivityType, f: Field, owner: number): unknown {
  const s = scalar(f);
  if (!s) throw new Error(`${type.segment}.${f.name}: not a scalar field`);
  const list = listOf(spec, s.values);
  switch (s.type) {
    case 'text':
      return `${f.name} <"Ann" & Co> naïve`;
    case 'integer':
      return s.max ?? (s.min !== undefined ? s.min + 1 : 42);
    case 'decimal':
      return 12.5;
    case 'owner':
      return owner;
    case 'flag':
      return flagValue(type, f);
    case 'date':
      return '2026-11-22';
    case 'datetime':
    case 'dateordatetime':
      return '2026-11-23T09:00:00+00:00';
    case 'idlist':
      return list.length ? list.slice(1, 3).join(',') : String(owner);
    case 'emaillist':
      return 'ann@example.com,bob@example.org';
    case 'addresslist':
      return 'Ann Lee <ann@example.com>,bob@example.org';
    case 'textlist':
      return 'invoice,order 12';
    case 'fieldnamelist':
      return 'firstname,businessemail';
    case 'enum':
      return list.filter((v) => v !== '').at(-1);
    case 'upload':
      return new Upload(`${f.name}.pdf`, 'application/pdf', new Uint8Array(2048).fill(7));
    default:
      throw new Error(`${type.segment}.${f.name}: no sample for ${s.type}`);
  }
}

/** Whether a field's `when` condition holds for these values (an absent flag counts as 0). */
export function conditionHolds(type: ActivityType, f: Field, data: Wire): boolean {
  if (!f.when) return true;
  const on = type.fields.find((o) => o.name === f.when!.field)!;
  const other = data[f.when.field] ?? (scalar(on)?.type === 'flag' ? 0 : undefined);
  return f.when.equals !== undefined ? other === f.when.equals : other !== f.when.notEquals;
}

/** Every field of the type with a valid value; conditional fields only where their condition holds. */
export function fullData(spec: Spec, type: ActivityType, owner: number): Wire {
  const data: Wire = {};
  for (const f of type.fields) if (!f.when) data[f.name] = validValue(spec, type, f, owner);
  for (const f of type.fields)
    if (f.when && conditionHolds(type, f, data)) data[f.name] = validValue(spec, type, f, owner);
  return data;
}

/** The required fields of the type only (what must be sent at least). */
export function requiredData(spec: Spec, type: ActivityType, owner: number): Wire {
  return Object.fromEntries(
    type.fields.filter((f) => f.required).map((f) => [f.name, validValue(spec, type, f, owner)]),
  );
}

/** What the service echoes and shows for sent data: uploads as their description. */
export const described = (data: Wire): Wire =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v instanceof Upload ? v.described : v]));

/**
 * The chain of segments from a record down to `segment`: ['record', 'tasklist', 'task'] for a
 * task. Each step takes the type's first allowed parent, preferring a record.
 */
export function chainTo(spec: Spec, segment: string, seen: string[] = []): string[] {
  if (segment === 'record') return ['record'];
  if (seen.includes(segment)) throw new Error(`hierarchy cycle through ${segment}`);
  const type = spec.activities.find((a) => a.segment === segment)!;
  const parent = type.parents.includes('record') ? 'record' : type.parents[0];
  if (!parent) throw new Error(`${segment} has no allowed parent`);
  return [...chainTo(spec, parent, [...seen, segment]), segment];
}

/**
 * Builds a fresh chain under a new record of `kind` down to `segment` (each activity with its
 * required fields) and returns the ids along it: [recordId, ..., idOfSegment].
 */
export async function buildChain(
  crm: Crm,
  spec: Spec,
  kind: string,
  segment: string,
  owner: number,
): Promise<number[]> {
  const chain = chainTo(spec, segment);
  const ids = [await crm.record(kind, named(spec, kind, `chain to ${segment}`))];
  for (const seg of chain.slice(1)) {
    const type = spec.activities.find((a) => a.segment === seg)!;
    ids.push(await crm.add(kind, seg, ids.at(-1)!, requiredData(spec, type, owner)));
  }
  return ids;
}

/** Record fields giving a record of `kind` this name (its kind's first name field). */
export function named(spec: Spec, kind: string, name: string): Wire {
  return { [spec.kinds.find((k) => k.name === kind)!.nameFrom[0]]: name };
}

/** Runs the CLI (`node bin/crmgen.js ...`) to completion. */
export function runCli(args: string[], timeoutMs = 20_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`crmgen ${args.join(' ')} did not finish:\n${out}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Today and other days as YYYY-MM-DD, in UTC. */
export function utcDay(offsetDays = 0, from = Date.now()): string {
  return new Date(Math.floor(from / 86_400_000) * 86_400_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
