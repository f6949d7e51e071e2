// The IR: plain typed objects built by generator/load from spec/*.yaml.
// Every emitter reads only this; nothing here knows YAML.

/** Where a fact was stated, so errors and diffs can point at it. */
export interface SourcePos {
  file: string;
  line: number;
  col: number;
}

export const scalarTypes = [
  'text',
  'integer',
  'decimal',
  'flag',
  'date',
  'datetime',
  'dateordatetime',
  'unixtime',
  'owner',
  'idlist',
  'emaillist',
  'addresslist',
  'textlist',
  'fieldnamelist',
  'enum',
  'upload',
  'status',
  'createdtext',
  'ownerfilter',
  'due',
] as const;
export type ScalarType = (typeof scalarTypes)[number];

export interface ValueEntry {
  value: string | number;
  label?: string;
  pos: SourcePos;
}

export interface ValueList {
  name: string;
  description?: string;
  assumed?: string;
  /** false: a value in any case is accepted and read as the list spells it (leniency where the document names values but not refusal). */
  matchCase?: false;
  /** text when any value is a string, integer otherwise. */
  base: 'text' | 'integer';
  values: ValueEntry[];
  pos: SourcePos;
}

/** A field is valid only when another field of the same body has (or has not) a value. */
export interface Condition {
  field: string;
  equals?: string | number;
  notEquals?: string | number;
}

export interface ScalarShape {
  kind: 'scalar';
  type: ScalarType;
  /** Name of the value list that restricts the value (enum) or each list entry (idlist). */
  values?: string;
  min?: number;
  max?: number;
  default?: string | number;
  unit?: string;
  /** A flag whose 0 is written as an empty element (item flagged: "1 when flagged, empty otherwise"). */
  falseIsEmpty?: boolean;
  /** An idlist of ids of the caller's account: users, or users and groups (owners). */
  ids?: 'users' | 'owners';
}

export interface ObjectShape {
  kind: 'object';
  fields: Field[];
  /** The kind's record fields or the hook fields appear inline beside `fields`. */
  spread?: 'recordfields' | 'hookfields';
  /** Where the spread fields go on the wire: after this field (default: first). */
  spreadAfter?: string;
}

export interface ListShape {
  kind: 'list';
  /** Name of the repeated child element (categories/category). */
  element: string;
  of: Shape;
}

export interface KeyedShape {
  kind: 'keyed';
  /** Children are named prefix + id (id12). */
  prefix: string;
  of: Shape;
  /** Property name of the ordered array in typed values. */
  as: string;
  /** Children sit directly in the enclosing element (list entries beside count). */
  inline: boolean;
}

export interface MapShape {
  kind: 'map';
  of: Shape;
}

export interface RefShape {
  kind: 'ref';
  name: string;
}

/** The field set of the path's kind (record) or segment (activity). */
export interface FieldSetShape {
  kind: 'recordfields' | 'activityfields';
}

export type Shape = ScalarShape | ObjectShape | ListShape | KeyedShape | MapShape | RefShape | FieldSetShape;

export interface Field {
  name: string;
  shape: Shape;
  required: boolean;
  description?: string;
  assumed?: string;
  /** Activity rules. */
  when?: Condition;
  /** The field cannot be 1 when the activity is created. */
  notTrueOnCreate?: boolean;
  pos: SourcePos;
}

export interface Structure {
  name: string;
  description?: string;
  assumed?: string;
  shape: ObjectShape;
  pos: SourcePos;
}

export interface RecordField {
  name: string;
  label: string;
  type: 'text' | 'owner';
  role?: 'email' | 'phone';
  pos: SourcePos;
}

export interface FieldSet {
  name: string;
  description?: string;
  assumed?: string;
  fields: RecordField[];
  pos: SourcePos;
}

export interface Kind {
  /** Path segment: contacts, companies, projectblogs, tickets. */
  name: string;
  singular: string;
  title: string;
  typeid: number;
  assumed?: string;
  fieldset: string;
  nameFrom: string[];
  pos: SourcePos;
}

export interface ActivityType {
  segment: string;
  title: string;
  aliases: string[];
  typeid: number;
  altTypeids: number[];
  thirdParty: boolean;
  onePerParent: boolean;
  fields: Field[];
  /** Allowed parents, from hierarchy.yaml: 'record' or a segment; sorted. */
  parents: string[];
  pos: SourcePos;
}

export interface HierarchyRule {
  parent: string;
  child: string;
  pos: SourcePos;
}

export interface Operation {
  /** listRecords, createActivity, reportTimetracking, ... */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** kind: once per record kind; activity: per kind and segment; global: once. */
  scope: 'kind' | 'activity' | 'global';
  purpose: string;
  /** Dotted name in the generated client, under its scope (list, categories.create, hooks.list, reports.calendar). */
  client: string;
  /** Parameters and response fields of a paged list. */
  paginate?: { start: string; limit: string; items: string; total: string };
  status: number;
  location: boolean;
  upload: boolean;
  multipart: boolean;
  /** List and report parameters (query string or request body). */
  params?: Field[];
  request?: Shape;
  response?: Shape;
  /** Set for report operations. */
  report?: string;
  pos: SourcePos;
}

export interface ErrorKey {
  key: string;
  status: number;
  message: string;
  assumed?: string;
  /** The Retry-After (seconds) of the answer, by the cause it is answered for. */
  retryAfter?: Record<string, number>;
  pos: SourcePos;
}

/** An error key's Retry-After by cause, as the docs and OpenAPI say it ("1 s when busy, 5 s when readonly"); '' without one. */
export const retryAfterText = (e: Pick<ErrorKey, 'retryAfter'>): string =>
  Object.entries(e.retryAfter ?? {})
    .map(([cause, seconds]) => `${seconds} s when ${cause}`)
    .join(', ');

/** What a report reads from one activity type. */
export interface ReportSource {
  /** The field holding the entry's date. */
  date: string;
  /** The field naming who is in charge (an owner id or a list of them). */
  owner?: string;
  /** Listed only when it has a date. */
  dated: boolean;
  /** Listed even when completed. */
  includeCompleted: boolean;
}

export interface Report {
  name: string;
  lists: string;
  container: string;
  element: string;
  entry: string;
  /** Activity segment -> how the report reads it. */
  from: Record<string, ReportSource>;
  /** Segments `last=completed` applies to. */
  completable: string[];
  /** The segment of the children that are an entry's comments. */
  comments?: string;
  /** Entry field -> the segment of the ancestor whose id it holds. */
  ancestors: Record<string, string>;
  pos: SourcePos;
}

/** One generated npm package (generated/client, generated/server). */
export interface PackageInfo {
  name: string;
  description: string;
}

/** A call of an SDK in a conformance case: the IR's operation, where it applies, and its input. */
export interface ConformanceCall {
  operation: string;
  kind?: string;
  segment?: string;
  /** The path's id (record, activity or hook), then a delivery's. */
  id?: number;
  deliveryId?: number;
  /** The request body as a typed value. */
  body?: unknown;
  /** The parameters (query string) as a typed value. */
  params?: Record<string, unknown>;
}

export type ConformanceFormat = 'xml' | 'json';
export type ConformanceErrorType =
  'authentication' | 'notfound' | 'validation' | 'ratelimit' | 'server' | 'connection' | 'service';

export interface ConformanceError {
  type: ConformanceErrorType;
  status: number;
  keys: string[];
  retryAfter?: number;
}

interface CaseHead {
  id: string;
  doc: string;
  pos: SourcePos;
}

export interface RequestCase extends CaseHead {
  call: ConformanceCall;
  format: ConformanceFormat;
  request: {
    method: string;
    path: string;
    query?: Record<string, string>;
    headers: Record<string, string>;
    body?: { xml: string } | { json: unknown } | { form: Record<string, string> };
  };
}

export interface ResponseCase extends CaseHead {
  call: ConformanceCall;
  format: ConformanceFormat;
  response: { status: number; headers: Record<string, string>; body: string };
  expect: { value?: unknown; error?: ConformanceError; quota?: { used: number; allowed: number }; location?: string };
}

export interface RetryCase extends CaseHead {
  method: string;
  status: number;
  retryAfter?: string;
  /** The clock, as an HTTP date. */
  now: string;
  /** Retries already made for this call. */
  attempt?: number;
  expect: { retry: boolean; delaySeconds?: number; backoff?: boolean };
}

export interface BatchCase extends CaseHead {
  format: ConformanceFormat;
  calls?: ConformanceCall[];
  repeat?: { call: ConformanceCall; times: number };
  request?: { headers: Record<string, string>; crlfLines: string[] };
  response?: { headers: Record<string, string>; crlfLines: string[] };
  expect?: ({ value: unknown } | { error: ConformanceError })[];
  expectRequests?: { parts: number }[];
}

export interface WebhookCase extends CaseHead {
  body: string;
  headers: Record<string, string>;
  secret: string;
  /** The clock, in Unix seconds. */
  now: number;
  toleranceSeconds?: number;
  expect: 'valid' | 'invalid' | 'stale';
}

export interface PaginationCase extends CaseHead {
  format: ConformanceFormat;
  call: ConformanceCall;
  pages: { query: Record<string, string>; body: string }[];
  expect: number[];
}

/** The conformance suite (spec/conformance/): stated once, turned by every SDK target into its own tests. */
export interface Conformance {
  client: { baseUrl: string; email: string; token: string };
  retry: { maxRetries: number; maxRetryAfterSeconds: number; baseDelayMs: number; maxDelayMs: number };
  requests: RequestCase[];
  responses: ResponseCase[];
  retries: RetryCase[];
  batch: BatchCase[];
  webhooks: WebhookCase[];
  pagination: PaginationCase[];
}

export interface Spec {
  service: { title: string; baseUrl: string; versioning: string };
  /** The npm packages generate writes; one version for both. */
  packages: {
    version: string;
    /** SPDX identifier. */
    license: string;
    copyright?: string;
    licenseFile?: string;
    /** The text of licenseFile, read by the loader. */
    licenseText?: string;
    client: PackageInfo;
    server: PackageInfo;
  };
  formats: {
    requestRoot: string;
    /** optional: a JSON request may be wrapped in requestRoot ({"request": {...}}); none (default): never. */
    jsonRequestRoot?: 'none' | 'optional';
    responseRoot: string;
    input: Record<'xml' | 'json' | 'form' | 'upload', string[]>;
    default: string;
    output: Record<'xml' | 'json' | 'jsonp', string>;
    jsonp: { parameter: string; allowed: string };
    /** A file field sent form-encoded (urlencoded) holds the file's bytes in base64. */
    formFiles?: 'base64';
    /** Owner-valued answer elements carry the owner's name: an XML attribute, a JSON member named field + suffix. */
    ownerNames?: { xmlAttribute: string; jsonSuffix: string };
    dates: { emit: string; accept: string[]; createdText: string };
  };
  auth: {
    scheme: string;
    username: string;
    password: string;
    /** Failed-login throttling defaults (optional: specs from before it load unchanged). */
    failedLogins?: { assumed?: string; windowSeconds: number; perAddress: number; perAddressAndEmail: number };
  };
  quota: {
    header: string;
    format: string;
    batchNestedCallsCount: boolean;
    assumed?: string;
    defaultAllowed: number;
    defaultWindowSeconds: number;
  };
  limits: Record<string, number>;
  listSemantics: {
    assumed?: string;
    defaultSort: { field: string; dir: 'ASC' | 'DESC' };
    recentDays: number;
    staleDays: number;
    soonDays: number;
    standardFieldIds: 'position';
    customFieldIdStart: number;
    /** duetoday, duesoon: activity segment -> its due date field. */
    due: Record<string, string>;
    overdueSegments: string[];
    companyKind: string;
    /** unsent: activity segment -> the date it is sent at. */
    unsent: Record<string, string>;
  };
  batch: {
    path: string;
    method: string;
    contentType: string;
    partContentType: string;
    lineEnding: string;
    maxParts: number;
    echoContentId: boolean;
    inheritOuterHeaders: boolean;
    outerStatus: number;
  };
  errors: ErrorKey[];
  /** <response><status>failed</status><errors>...</errors></response> */
  errorEnvelope: { status: string; container: string };
  values: ValueList[];
  kinds: Kind[];
  fieldsets: FieldSet[];
  customFields: { namePattern: string; types: string[] };
  auditFields: Field[];
  activities: ActivityType[];
  /** A conditional field given while its condition does not hold: refused (conditionnotmet, the default) or ignored. */
  conditionUnmet?: 'refuse' | 'ignore';
  reportOnlyTypeids: { typeid: number; title: string; segment: string }[];
  hierarchy: HierarchyRule[];
  /** Record kinds an activity may be moved to (update with a different parent); any kind when absent. */
  moveTargets?: string[];
  structures: Structure[];
  operations: Operation[];
  reports: Report[];
  reportActivityTypes: { name: string; typeid: number }[];
  /** Report `due` keyword -> the dates it selects: `days` from today (and before, when overdue), or no date. */
  dueWindows: Record<string, { days?: number; overdue?: boolean; nodate?: boolean }>;
  hooks: { fields: Field[]; assumed?: string; constraintsByEventFamily: Record<string, string> };
  events: { name: string; description: string; pos: SourcePos }[];
  /** spec/CHANGELOG.md when present: Markdown of crmgen diff between the previous spec and this one. */
  changelog?: string;
  /** The conformance cases of spec/conformance/, when present: every SDK target's protocol tests. */
  conformance?: Conformance;
  notification: {
    assumed?: string;
    root: string;
    fields: Field[];
    /** Structure of the `content` element by event family (items, activities). */
    content: Record<string, string>;
    signature: { header: string; algorithm: string; encoding: string; over: string };
    retries: number;
  };
  /**
   * Where each top-level section and each key of the sections without positioned entries
   * (service, formats, limits, batch, ...) was stated, by dotted path: `limits.listLimitMax`.
   * Named pos, like every position, so spec.json leaves it out.
   */
  pos?: Record<string, SourcePos>;
}

/** A value without its source positions (every `pos`): what generated/spec.json holds. */
export type WithoutPos<T> = T extends readonly (infer E)[]
  ? WithoutPos<E>[]
  : T extends object
    ? { [K in keyof T as K extends 'pos' ? never : K]: WithoutPos<T[K]> }
    : T;

/** The IR as the reference service reads it at run time (generated/facts.js). */
export type RuntimeSpec = WithoutPos<Spec>;
