// Emits the PHP client: Client.php (the entry: one property per record kind and per global group
// of operations, batch(), quota and the last raw response) and one resource class per record kind,
// per sub-group (categories, fields), per activity segment and per global group, with one method
// per operation of the IR, typed by the value classes models.ts writes. Operations and paths come
// from the IR; nothing here names an operation.
import type { Operation, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { Derived } from '../../sdk-model/derive.ts';
import { Models, fixedModelFiles, kindId, segmentId } from './models.ts';
import { ident, pascal, rootNamespace, str } from './names.ts';

const header = (ns: string) =>
  `<?php\n\ndeclare(strict_types=1);\n\nnamespace ${rootNamespace}${ns ? `\\${ns}` : ''};\n\n`;
const uses = [
  `use ${rootNamespace}\\Descriptors;`,
  `use ${rootNamespace}\\Runtime\\Call;`,
  `use ${rootNamespace}\\Runtime\\CallOptions;`,
  `use ${rootNamespace}\\Runtime\\Connection;`,
  `use ${rootNamespace}\\Runtime\\Pages;`,
].join('\n');

/** The descriptor key of an operation's message part for a kind or segment, when it has one. */
function keyOf(
  derived: Derived,
  op: Operation,
  part: 'params' | 'request' | 'response',
  kind?: string,
  segment?: string,
): string | undefined {
  const candidates = [
    segment ? `activities/${segment}.${op.id}.${part}` : '',
    segment ? `activities/${op.id}.${part}` : '',
    kind ? `records/${kind}.${op.id}.${part}` : '',
    `${op.id}.${part}`,
  ];
  return candidates.find((k) => k !== '' && derived.descriptors[k] !== undefined);
}

interface Method {
  name: string;
  code: string;
  doc: string;
}

/** One resource class: a node of the dotted client names under a scope. */
interface Node {
  cls: string;
  methods: Method[];
  children: Map<string, Node>;
  /** Constructor arguments beyond the connection (the kind path of an activity resource). */
  kindArg?: boolean;
  /** The record kind an activities node is made for (its path). */
  kindName?: string;
}

const node = (cls: string): Node => ({ cls, methods: [], children: new Map() });

export function emitPhpClient(spec: Spec, derived: Derived): GeneratedFile[] {
  const models = new Models(spec, derived);
  const used = new Set<string>(['error.response']);
  const msg = (key: string | undefined) => {
    if (!key) return undefined;
    used.add(key);
    return models.message(key);
  };

  const methodOf = (op: Operation, name: string, kind?: string, segment?: string): Method => {
    const pKey = keyOf(derived, op, 'params', kind, segment);
    const rKey = op.request ? keyOf(derived, op, 'request', kind, segment) : undefined;
    const sKey = keyOf(derived, op, 'response', kind, segment);
    const pCls = msg(pKey);
    const rCls = msg(rKey);
    const sCls = msg(sKey) ?? 'never';
    const args: string[] = [];
    const pathVars = [...op.path.matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1]!)
      .filter((v) => v !== 'kind' && v !== 'segment');
    let path = str(op.path.replace('{kind}', kind ?? '').replace('{segment}', segment ?? ''));
    if (segment) path = `'/' . $this->kind . ${str(op.path.replace('/{kind}', '').replace('{segment}', segment))}`;
    for (const v of pathVars) {
      const type =
        v === 'id'
          ? segment
            ? `\\${rootNamespace}\\Id\\${segmentId(segment)}`
            : kind
              ? `\\${rootNamespace}\\Id\\${kindId(spec, kind)}`
              : 'int'
          : 'int';
      args.push(`${type} $${ident(v)}`);
      const val = type === 'int' ? `(string) $${ident(v)}` : `(string) $${ident(v)}->value`;
      path = path.replace(`{${v}}`, `' . rawurlencode(${val}) . '`);
    }
    path = path.replace(/ \. ''$/, '').replace(/^'' \. /, '');
    if (rCls) args.push(`\\${rootNamespace}\\Model\\${rCls} $request`);
    if (pCls) args.push(`?\\${rootNamespace}\\Model\\${pCls} $params = null`);
    // Files travel beside the body (multipart/form-data) for the activity types with upload fields.
    const uploads =
      segment && op.upload
        ? (spec.activities.find((a) => a.segment === segment)?.fields ?? [])
            .filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload')
            .map((f) => f.name)
        : [];
    if (uploads.length) args.push('array $files = []');
    args.push('?CallOptions $options = null');
    const call = [
      `${str(op.method)}`,
      path,
      pKey ? `queryDesc: Descriptors::get(${str(pKey)})` : '',
      pKey ? `query: $params?->toWire() ?? []` : '',
      rKey ? `bodyDesc: Descriptors::get(${str(rKey)})` : '',
      rKey ? `body: $request->toWire()` : '',
      sKey ? `responseDesc: Descriptors::get(${str(sKey)})` : '',
      uploads.length ? 'files: $files' : '',
    ].filter(Boolean);
    const ret = `\\${rootNamespace}\\Model\\${sCls}`;
    const code = `  public function ${name}(${args.join(', ')}): ${ret}
  {
    return $this->c->send(
      new Call(${call.join(', ')}),
      static fn (array $w): ${ret} => ${ret}::fromWire($w),
      $options,
    );
  }`;
    const filesDoc = uploads.length
      ? `\n   * @param array<string, \\${rootNamespace}\\Runtime\\Upload> $files the files of ${uploads.join(', ')}, by field`
      : '';
    const methods: Method = { name, code, doc: `${op.purpose} (${op.method} ${op.path})${filesDoc}` };
    return methods;
  };

  const iterateOf = (op: Operation, kind: string | undefined, list: Method): Method | undefined => {
    const pg = op.paginate;
    const pKey = keyOf(derived, op, 'params', kind);
    const sKey = keyOf(derived, op, 'response', kind);
    if (!pg || !pKey || !sKey) return undefined;
    const pCls = `\\${rootNamespace}\\Model\\${models.byKey.get(pKey)}`;
    const entry = models.inlEntries.get(models.byKey.get(sKey)!);
    const code = `  /** @return \\Generator<int, ${entry ? `\\${rootNamespace}\\Model\\${entry}` : 'mixed'}> every entry, one page fetched at a time */
  public function iterate(?${pCls} $params = null, ?CallOptions $options = null): \\Generator
  {
    $wire = $params?->toWire() ?? [];
    return Pages::iterate(function (int $start) use ($wire, $options): array {
      $page = $this->${list.name}(${pCls}::fromWire([${str(pg.start)} => $start] + $wire), $options);
      return [$page->${ident(pg.items)} ?? [], $page->${ident(pg.total)} ?? 0];
    }, (int) ($wire[${str(pg.start)}] ?? 0));
  }`;
    return { name: 'iterate', code, doc: `Every page of: ${op.purpose}` };
  };

  const files: GeneratedFile[] = [];
  const root = node('Client');
  // Record kinds.
  for (const kind of spec.kinds) {
    const kn = node(`${pascal(kind.name)}Resource`);
    root.children.set(kind.name, kn);
    const acts: Node = { ...node(`${pascal(kind.name)}Activities`), kindName: kind.name };
    for (const op of spec.operations) {
      if (op.scope !== 'kind') continue;
      const parts = op.client.split('.');
      let at = kn;
      for (const p of parts.slice(0, -1)) {
        if (!at.children.has(p)) at.children.set(p, node(`${pascal(kind.name)}${pascal(p)}`));
        at = at.children.get(p)!;
      }
      const m = methodOf(op, ident(parts.at(-1)!), kind.name);
      at.methods.push(m);
      const it = iterateOf(op, kind.name, m);
      if (it) at.methods.push(it);
    }
    kn.children.set('activities', acts);
    for (const a of spec.activities)
      acts.children.set(a.segment, {
        cls: `${pascal(a.segment)}Resource`,
        methods: [],
        children: new Map(),
        kindArg: true,
      });
  }
  // Activity segments: one class per segment, shared by every kind (the kind is its path).
  const segmentNodes = new Map<string, Node>();
  for (const a of spec.activities) {
    const sn = node(`${pascal(a.segment)}Resource`);
    sn.kindArg = true;
    for (const op of spec.operations)
      if (op.scope === 'activity')
        sn.methods.push(methodOf(op, ident(op.client.split('.').at(-1)!), undefined, a.segment));
    segmentNodes.set(a.segment, sn);
  }
  // Global groups.
  for (const op of spec.operations) {
    if (op.scope !== 'global' || op.id === 'batch') continue;
    const parts = op.client.split('.');
    let at = root;
    for (const p of parts.slice(0, -1)) {
      if (!at.children.has(p)) at.children.set(p, node(`${pascal(p)}Resource`));
      at = at.children.get(p)!;
    }
    at.methods.push(methodOf(op, ident(parts.at(-1)!)));
  }

  const render = (n: Node) => {
    const props: string[] = [];
    const inits: string[] = [];
    for (const [name, child] of n.children) {
      const target = child.kindArg ? segmentNodes.get(name)! : child;
      props.push(`  public readonly ${target.cls} $${ident(name)};`);
      const extra = child.kindArg ? ', $kind' : child.kindName ? `, ${str(child.kindName)}` : '';
      inits.push(`    $this->${ident(name)} = new ${target.cls}($c${extra});`);
      if (!child.kindArg) render(child);
    }
    const ctorArgs = n.kindArg
      ? 'private readonly Connection $c, private readonly string $kind'
      : n.kindName
        ? 'private readonly Connection $c, string $kind'
        : 'private readonly Connection $c';
    const methods = n.methods.map((m) =>
      m.code.startsWith('  /**')
        ? m.code
        : m.doc.includes('\n')
          ? `  /**\n   * ${m.doc}\n   */\n${m.code}`
          : `  /** ${m.doc} */\n${m.code}`,
    );
    const content = `${header('Resource')}${uses}

/** ${n.kindArg ? 'The activities of one segment, under the record kind it was made for.' : 'Operations of the API: one method each.'} */
final class ${n.cls}
{
${props.join('\n')}

  /** @internal made by the client */
  public function __construct(${ctorArgs})
  {
${inits.join('\n')}
  }

${methods.join('\n\n')}
}
`;
    files.push({ path: `php/src/Resource/${n.cls}.php`, content, format: 'php' });
  };
  for (const child of root.children.values()) render(child);
  for (const sn of segmentNodes.values()) render(sn);

  const props = [...root.children].map(([name, child]) => `  public readonly Resource\\${child.cls} $${ident(name)};`);
  const inits = [...root.children].map(
    ([name, child]) => `    $this->${ident(name)} = new Resource\\${child.cls}($connection);`,
  );
  files.push({
    path: 'php/src/Client.php',
    content: `${header('')}use ${rootNamespace}\\Runtime\\BatchBuilder;
use ${rootNamespace}\\Runtime\\Connection;
use ${rootNamespace}\\Runtime\\Format;
use ${rootNamespace}\\Runtime\\Quota;
use ${rootNamespace}\\Runtime\\ResponseInfo;
use ${rootNamespace}\\Runtime\\Retry;
use ${rootNamespace}\\Runtime\\Transport;
use ${rootNamespace}\\Runtime\\Webhook;

/** ${spec.service.title}: every operation, by record kind and group. */
final class Client
{
${props.join('\n')}

  public function __construct(public readonly Connection $connection)
  {
${inits.join('\n')}
  }

  /**
   * A client over the built-in curl transport, or \`transport\` (a Runtime\\Psr18Transport over the
   * application's PSR-18 client, say). XML on the wire unless \`format\` is Format::Json.
   */
  public static function create(
    string $baseUrl,
    string $email,
    string $token,
    Format $format = Format::Xml,
    ?Transport $transport = null,
    float $timeoutSeconds = 30.0,
    Retry $retry = new Retry(),
  ): self {
    return new self(new Connection(Api::config(), $baseUrl, $email, $token, $format, $transport, $timeoutSeconds, $retry));
  }

  /**
   * Calls queued by closures over a client, sent together (split at ${spec.batch.maxParts} parts a request).
   *
   * @return BatchBuilder<self>
   */
  public function batch(): BatchBuilder
  {
    return new BatchBuilder($this->connection, static fn (Connection $c): self => new self($c));
  }

  /** The latest quota the service reported. */
  public function quota(): ?Quota
  {
    return $this->connection->quota;
  }

  /** Status, headers, Location and quota of the latest answer. */
  public function lastResponse(): ?ResponseInfo
  {
    return $this->connection->lastResponse;
  }

  /**
   * Checks a webhook delivery's signature (either scheme) with the hook's secret: 'valid', 'invalid'
   * or 'stale' (a Standard Webhooks timestamp further than \`toleranceSeconds\` from now).
   *
   * @param array<string, string|list<string>> $headers
   * @return 'valid'|'invalid'|'stale'
   */
  public static function verifyWebhook(string $body, array $headers, string $secret, int $toleranceSeconds = 300, ?int $now = null): string
  {
    return Webhook::check($body, $headers, $secret, ${str(spec.notification.signature.header)}, $toleranceSeconds, $now);
  }
}
`,
    format: 'php',
  });
  return [...files, ...models.finish(), ...fixedModelFiles(spec, derived, used)];
}
