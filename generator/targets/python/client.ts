// Emits the Python SDK's clients (src/<package>/_client.py): Client (sync, httpx.Client) and
// AsyncClient (async, httpx.AsyncClient) with the same surface, and the batch resources (calls
// queued, each giving a Deferred). Resources follow the spec's `client` names: per record kind
// (client.contacts.list), per activity type under a kind (client.contacts.activities.task.create)
// and at the root (client.hooks.list, client.reports.calendar). Every method names its own
// messages (codec targets of _descriptors.json) and its TypedDicts (types.py); the runtime
// (_runtime/transport.py) carries the calls.
import type { ActivityType, Kind, Operation, Shape, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { activityIdType, importName, methodName, pascal, recordIdType, snake } from './names.ts';
import { buildTypes, header, type PartTypes } from './types.ts';

type Mode = 'sync' | 'async' | 'batch';
const prefix: Record<Mode, string> = { sync: '', async: 'Async', batch: 'Batch' };

interface Scope {
  kind?: Kind;
  segment?: ActivityType;
}

/** A class of resources: methods and nested namespaces (dotted client names). */
interface Node {
  name: string;
  ops: { op: Operation; name: string }[];
  children: Map<string, Node>;
}

const node = (name: string): Node => ({ name, ops: [], children: new Map() });

function place(root: Node, op: Operation, client: string, className: (path: string[]) => string) {
  const parts = client.split('.');
  let n = root;
  const path: string[] = [];
  for (const p of parts.slice(0, -1)) {
    path.push(p);
    let c = n.children.get(p);
    if (!c) n.children.set(p, (c = node(className(path))));
    n = c;
  }
  n.ops.push({ op, name: snake(parts.at(-1)!) });
}

export const iterateName = (op: Operation) => (op.id.startsWith('list') ? 'iterate' : `iterate_${methodName(op)}`);

/** The fields of a request shape that must be given (checked before sending). */
function required(spec: Spec, shape: Shape | undefined): string[] {
  if (!shape) return [];
  if (shape.kind === 'ref') return required(spec, spec.structures.find((s) => s.name === shape.name)?.shape);
  if (shape.kind !== 'object') return [];
  return shape.fields.filter((f) => f.required).map((f) => (f.shape.kind === 'keyed' ? f.shape.as : f.name));
}

export class ClientWriter {
  readonly types: PartTypes;
  out: string[] = [];

  constructor(
    readonly spec: Spec,
    readonly descriptors: Record<string, unknown>,
  ) {
    this.types = buildTypes(spec);
  }

  /** The codec target of an operation part in a scope, as derive's descriptors name it. */
  target(op: Operation, part: 'params' | 'request' | 'response', s: Scope): string | undefined {
    const ids = s.kind
      ? [`records/${s.kind.name}.${op.id}.${part}`]
      : s.segment
        ? [`activities/${s.segment.segment}.${op.id}.${part}`, `activities/${op.id}.${part}`]
        : [`${op.id}.${part}`];
    return ids.find((id) => id in this.descriptors);
  }

  typeOf(target: string | undefined): string | undefined {
    const t = target && this.types.byTarget.get(target);
    return t ? `_t.${t}` : undefined;
  }

  path(op: Operation, s: Scope): string {
    return op.path
      .replace('{kind}', s.kind ? s.kind.name : '{self._kind}')
      .replace('{segment}', s.segment?.segment ?? '{segment}')
      .replace('{id}', '{id}')
      .replace('{deliveryId}', '{delivery_id}');
  }

  method(op: Operation, name: string, s: Scope, mode: Mode): string {
    const params = this.target(op, 'params', s);
    const request = this.target(op, 'request', s);
    const response = this.target(op, 'response', s);
    const args: string[] = ['self'];
    if (op.path.includes('{id}'))
      args.push(
        `id: ${op.scope === 'kind' && s.kind ? `_t.${recordIdType(s.kind)}` : op.scope === 'activity' && s.segment ? `_t.${activityIdType(s.segment.segment)}` : 'int'}`,
      );
    if (op.path.includes('{deliveryId}')) args.push('delivery_id: int');
    if (params) args.push(`params: ${this.typeOf(params)} | None = None`);
    if (request) args.push(`body: ${this.typeOf(request)}`);
    args.push(
      '*',
      'timeout: float | None = None',
      'headers: Mapping[str, str] | None = None',
      'response: ResponseInfo | None = None',
    );
    const upload = op.upload && mode !== 'batch';
    if (upload) args.push('files: Mapping[str, bytes] | None = None');
    const ret = this.typeOf(response) ?? 'dict[str, object]';
    const call = [
      JSON.stringify(op.method),
      this.path(op, s).includes('{') ? `f"${this.path(op, s)}"` : JSON.stringify(this.path(op, s)),
      ...(params ? [`params=Part(${JSON.stringify(params)}, params or {})`] : []),
      ...(request
        ? [
            `body=Part(${JSON.stringify(request)}, body, (${required(this.spec, op.request)
              .map((r) => `${JSON.stringify(r)}, `)
              .join('')}))`,
          ]
        : []),
      ...(response ? [`response=${JSON.stringify(response)}`] : []),
      'timeout=timeout',
      'headers=headers',
      'info=response',
      ...(upload ? ['files=files'] : []),
    ].join(', ');
    const purpose = op.purpose.replace(/\s+/g, ' ').replace(/\\/g, '\\\\').replace(/"""/g, "'''");
    const docline = `        """${op.method} ${op.path.replace('{kind}', s.kind?.name ?? '{kind}').replace('{segment}', s.segment?.segment ?? '{segment}')}: ${purpose}"""`;
    if (mode === 'batch')
      return `    def ${name}(${args.join(', ')}) -> Deferred[${ret}]:\n${docline}\n        return self._q.add(Call(${call}))\n`;
    const def = mode === 'async' ? 'async def' : 'def';
    return `    ${def} ${name}(${args.join(', ')}) -> ${ret}:\n${docline}\n        return ${mode === 'async' ? 'await ' : ''}self._t.send(Call(${call}))\n`;
  }

  iterate(op: Operation, s: Scope, mode: 'sync' | 'async'): string {
    const params = this.target(op, 'params', s)!;
    const response = this.types.byTarget.get(this.target(op, 'response', s)!)!;
    const item = this.types.types.fieldType(response, op.paginate!.items)?.replace(/^list\[(.*)\]$/, '$1');
    const itemType = item ? `_t.${item}` : 'dict[str, object]';
    const p = op.paginate!;
    const paging = `Paging(${[p.start, p.limit, p.items, p.total].map((x) => JSON.stringify(x)).join(', ')})`;
    const ptype = this.typeOf(params)!;
    const fn = mode === 'async' ? 'apaginate' : 'paginate';
    const it = mode === 'async' ? 'AsyncIterator' : 'Iterator';
    return `    def ${iterateName(op)}(self, params: ${ptype} | None = None, *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> ${it}[${itemType}]:
        """Every entry of ${methodName(op)}, page by page (${p.start}/${p.limit}); each page is fetched when the previous one is used up."""
        return ${fn}(lambda p: self.${methodName(op)}(cast("${ptype}", p), timeout=timeout, headers=headers), params or {}, ${paging})
`;
  }

  /** Writes a resource class and its nested classes; returns its name. */
  klass(
    n: Node,
    s: Scope,
    mode: Mode,
    extra: { init: string[]; members: string[] } = { init: [], members: [] },
    doc = '',
  ): string {
    const name = `${prefix[mode]}${n.name}`;
    const children = [...n.children].map(([attr, c]) => [attr, this.klass(c, s, mode)] as const);
    const holder = mode === 'batch' ? '_q' : '_t';
    const holderType = mode === 'batch' ? 'BatchQueue' : mode === 'async' ? 'AsyncTransport' : 'SyncTransport';
    const kindArg = s.segment ? ', kind: _t.KindName' : '';
    const arg = mode === 'batch' ? 'queue' : 'transport';
    const lines = [
      `class ${name}:`,
      `    """${doc || `Operations of ${n.name}.`}"""`,
      '',
      `    def __init__(self, ${arg}: ${holderType}${kindArg}) -> None:`,
      `        self.${holder} = ${arg}`,
    ];
    if (s.segment) lines.push('        self._kind = kind');
    lines.push(...extra.init);
    for (const [attr, c] of children) lines.push(`        self.${attr} = ${c}(${arg}${s.segment ? ', kind' : ''})`);
    lines.push('');
    lines.push(...extra.members);
    for (const { op, name: m } of n.ops) {
      lines.push(this.method(op, m, s, mode));
      if (op.paginate && mode !== 'batch' && op.scope !== 'activity') lines.push(this.iterate(op, s, mode));
    }
    this.out.push(lines.join('\n'));
    return name;
  }

  resources(mode: Mode): { kinds: [Kind, string][]; roots: [string, string][] } {
    const spec = this.spec;
    const ops = spec.operations.filter((o) => !o.multipart);
    // Activity classes: one per segment (the kind is given when built), then one per kind listing them.
    const segClass = new Map<string, string>();
    for (const a of spec.activities) {
      const root = node(`${pascal(a.segment)}Activities`);
      for (const op of ops.filter((o) => o.scope === 'activity'))
        place(root, op, op.client, (p) => `${pascal(a.segment)}Activities${p.map(pascal).join('')}`);
      segClass.set(
        a.segment,
        this.klass(
          root,
          { segment: a },
          mode,
          undefined,
          `Operations on ${a.title.toLowerCase()} activities of one record kind.`,
        ),
      );
    }
    const holderType = mode === 'batch' ? 'BatchQueue' : mode === 'async' ? 'AsyncTransport' : 'SyncTransport';
    {
      const arg = mode === 'batch' ? 'queue' : 'transport';
      const lines = [
        `class ${prefix[mode]}Activities:`,
        '    """The activities of one record kind, by type."""',
        '',
        `    def __init__(self, ${arg}: ${holderType}, kind: _t.KindName) -> None:`,
      ];
      for (const a of spec.activities)
        lines.push(`        self.${a.segment} = ${segClass.get(a.segment)}(${arg}, kind)`);
      this.out.push(lines.join('\n') + '\n');
    }
    const kinds: [Kind, string][] = [];
    for (const k of spec.kinds) {
      const root = node(`${pascal(k.name)}Resource`);
      for (const op of ops.filter((o) => o.scope === 'kind'))
        place(root, op, op.client, (p) => `${pascal(k.name)}${p.map(pascal).join('')}`);
      const init = [
        `        self.activities = ${prefix[mode]}Activities(${mode === 'batch' ? 'queue' : 'transport'}, ${JSON.stringify(k.name)})`,
      ];
      kinds.push([
        k,
        this.klass(
          root,
          { kind: k },
          mode,
          { init, members: [] },
          `Operations on ${k.name}: records, category tags, fields and activities.`,
        ),
      ]);
    }
    const global = node('Root');
    for (const op of ops.filter((o) => o.scope === 'global'))
      place(global, op, op.client, (p) => p.map(pascal).join(''));
    const roots: [string, string][] = [...global.children].map(([attr, c]) => [attr, this.klass(c, {}, mode)]);
    if (global.ops.length)
      throw new Error(
        `python client: global operations without a resource: ${global.ops.map((o) => o.op.id).join(', ')}`,
      );
    return { kinds, roots };
  }
}

/** The imports of a module: each candidate only when the text uses its name. */
function importsFor(body: string, groups: [string, string[]][], always: string[] = []): string {
  const uses = (name: string) => always.includes(name) || new RegExp(`(?<![\\w.])${name}\\b`).test(body);
  return groups
    .map(([from, names]) => {
      const used = names.filter((n) => uses(n.split(' as ').at(-1)!));
      if (!used.length) return '';
      if (from === '') return used.map((n) => `import ${n}`).join('\n');
      return `from ${from} import ${used.join(', ')}`;
    })
    .filter(Boolean)
    .join('\n');
}

const moduleHead = (doc: string, body: string, groups: [string, string[]][]) => {
  const typed = /(?<![\w.])_t\./.test(body);
  return `${header}"""${doc}"""

from __future__ import annotations

${importsFor(
  body,
  [
    ['collections.abc', ['AsyncIterator', 'Iterator', 'Mapping']],
    ['types', ['TracebackType']],
    ['typing', [...(typed ? ['TYPE_CHECKING'] : []), 'cast']],
  ],
  typed ? ['TYPE_CHECKING'] : [],
)}

${importsFor(body, [['', ['httpx']]])}

${importsFor(body, groups)}
${typed ? '\nif TYPE_CHECKING:\n    from . import types as _t\n' : ''}
${body}
`.replace(/\n{3,}(?=from|import|if TYPE)/g, '\n\n');
};

const transportNames = [
  'AsyncTransport',
  'BatchQueue',
  'Call',
  'Core',
  'Deferred',
  'Paging',
  'Part',
  'ResponseInfo',
  'RetryPolicy',
  'SyncTransport',
  'WireFormat',
  'apaginate',
  'paginate',
];

export function emitClient(spec: Spec, derived: { descriptors: Record<string, unknown> }): GeneratedFile[] {
  const w = new ClientWriter(spec, derived.descriptors);
  const classes: Record<Mode, string> = { sync: '', async: '', batch: '' };
  const trees = (['sync', 'async', 'batch'] as Mode[]).map((m) => {
    w.out = [];
    const t = w.resources(m);
    classes[m] = w.out.join('\n\n');
    return [m, t] as const;
  });
  const attrs = (mode: Mode, holder: string) => {
    const t = trees.find(([m]) => m === mode)![1];
    return [
      ...t.kinds.map(([k, c]) => `        self.${k.name} = ${c}(${holder})`),
      ...t.roots.map(([a, c]) => `        self.${a} = ${c}(${holder})`),
    ];
  };
  const unknownKey = spec.errors.find((e) => e.key === 'invalidvalue')?.key;
  if (!unknownKey) throw new Error('python client: spec.errors has no key invalidvalue (spec/api.yaml errors.keys)');
  const families = JSON.stringify(Object.keys(spec.notification.content));
  const clientArgs =
    'base_url: str, email: str, token: str, *, format: WireFormat = "xml", retry: RetryPolicy | None = None, timeout: float = 30.0, validate: bool = True';
  const dir = `python/src/${importName(spec)}`;
  const exit = '(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None';

  const batchBody = `${classes.batch}


class Batch:
    """Calls queued by its resources and sent together by send(): one multipart/mixed request per
    ${spec.batch.maxParts} calls. Each call gives a Deferred: result() is its own value or raises its own exception."""

    def __init__(self, t: SyncTransport) -> None:
        self._t = t
        self._q = BatchQueue()
${attrs('batch', 'self._q').join('\n')}

    def send(self) -> None:
        self._t.send_batch(self._q)

    def __enter__(self) -> Batch:
        return self

    def __exit__${exit}:
        if et is None:
            self.send()


class AsyncBatch:
    """Batch, sent by await send() (or on leaving async with)."""

    def __init__(self, t: AsyncTransport) -> None:
        self._t = t
        self._q = BatchQueue()
${attrs('batch', 'self._q').join('\n')}

    async def send(self) -> None:
        await self._t.send_batch(self._q)

    async def __aenter__(self) -> AsyncBatch:
        return self

    async def __aexit__${exit}:
        if et is None:
            await self.send()`;

  const syncBody = `${classes.sync}


class Client:
    """A client of the service at base_url, authenticating with the e-mail address and API token;
    bodies in XML (the default, as the service) or JSON (format="json")."""

    def __init__(self, ${clientArgs}, http: httpx.Client | None = None) -> None:
        self._t = SyncTransport(Core(_api.API, base_url, email, token, format, retry, timeout, validate), http)
${attrs('sync', 'self._t').join('\n')}

    @property
    def quota(self) -> Quota | None:
        """The quota of the latest answer."""
        return self._t.core.quota

    def batch(self) -> Batch:
        """A batch of calls over this client's connection (see Batch)."""
        from ._batch import Batch

        return Batch(self._t)

    def close(self) -> None:
        self._t.close()

    def __enter__(self) -> Client:
        return self

    def __exit__${exit}:
        self.close()`;

  const asyncBody = `${classes.async}


class AsyncClient:
    """Client's async twin: every method is a coroutine; cancelling its task cancels the call."""

    def __init__(self, ${clientArgs}, http: httpx.AsyncClient | None = None) -> None:
        self._t = AsyncTransport(Core(_api.API, base_url, email, token, format, retry, timeout, validate), http)
${attrs('async', 'self._t').join('\n')}

    @property
    def quota(self) -> Quota | None:
        return self._t.core.quota

    def batch(self) -> AsyncBatch:
        """A batch of calls over this client's connection (see AsyncBatch)."""
        from ._batch import AsyncBatch

        return AsyncBatch(self._t)

    async def aclose(self) -> None:
        await self._t.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__${exit}:
        await self.aclose()`;

  const webhookBody = `def verify_webhook(
    body: bytes | str, signature: str | Mapping[str, str] | None, secret: str, *, tolerance_seconds: float = 300, now: float | None = None
) -> bool:
    """True when a webhook delivery was signed with the hook's secret. signature: the request's headers
    (Standard Webhooks, webhook-id/-timestamp/-signature, when present, refusing a timestamp further than
    tolerance_seconds from now; else ${spec.notification.signature.header}), or that header's value.
    Compared in constant time."""
    return _verify_webhook(body, signature, secret, tolerance_seconds=tolerance_seconds, now=now, hmac_header=${JSON.stringify(spec.notification.signature.header)})


def decode_notification(body: bytes | str, content_type: str | Mapping[str, str]) -> _t.Notification:
    """A webhook notification (XML, JSON or form, by its Content-Type, or the request's headers:
    then webhook_id is set from webhook-id). Verify it first with verify_webhook."""
    return cast("_t.Notification", _decode_notification(body, content_type, ${families}, _api.descriptor, _api.API.limits, ${JSON.stringify(unknownKey)}))`;

  const runtime = (extra: [string, string[]][] = []): [string, string[]][] => [
    ['.', ['_api']],
    ['._runtime.errors', ['Quota']],
    ['._runtime.notifications', ['decode_notification as _decode_notification']],
    ['._runtime.transport', transportNames],
    ['._runtime.webhooks', ['verify_webhook as _verify_webhook']],
    ...extra,
  ];
  const typeOnly = (names: [string, string][]) => names;
  void typeOnly;
  return [
    {
      path: `${dir}/_batch.py`,
      content: moduleHead(
        'The batches: resources that queue calls, sent together by Batch (sync) or AsyncBatch (async).',
        batchBody,
        runtime(),
      ),
      format: 'python',
    },
    {
      path: `${dir}/_sync.py`,
      content: batchTypeImport(
        moduleHead(`Client: the sync client of the ${spec.service.title} API.`, syncBody, runtime()),
        'Batch',
      ),
      format: 'python',
    },
    {
      path: `${dir}/_async.py`,
      content: batchTypeImport(
        moduleHead(`AsyncClient: the async client of the ${spec.service.title} API.`, asyncBody, runtime()),
        'AsyncBatch',
      ),
      format: 'python',
    },
    {
      path: `${dir}/_client.py`,
      content: moduleHead('Webhook verification and notification decoding.', webhookBody, runtime()),
      format: 'python',
    },
  ];
}

/** The batch class a client module returns, imported for type checking only (the module loads on first batch()). */
function batchTypeImport(text: string, name: string): string {
  return text.replace(
    '    from . import types as _t\n',
    `    from . import types as _t\n    from ._batch import ${name}\n`,
  );
}
