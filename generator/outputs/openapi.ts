// Emits generated/openapi.json and generated/openapi.yaml: an OpenAPI 3.1 document of the API
// for other ecosystems' generators. Paths are spelled out per record kind and activity segment
// (their bodies differ, and a {kind} parameter made /{kind}/file/ ambiguous with
// /contacts/{contactId}/); schemas describe the JSON wire form with XML annotations, entries of
// any activity type as a oneOf of one variant per type (typeid a const: a discriminator
// object needs a string property, and typeid is an integer on the wire); every response carries the
// call-limit header; errors use the envelope; webhooks are in `webhooks`. Examples are JSON
// only: an XML text cannot be an example of a schema that describes an object.
import { yamlText } from '../pipeline/yaml-text.ts';
import { retryAfterText, type Operation, type Spec } from '../pipeline/model.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';
import { encodeXml, toWireJson } from '../targets/typescript/runtime/codec.ts';
import type { Derived } from '../sdk-model/derive.ts';
import { messageTargets, notificationTargets, type MessageTarget } from '../sdk-model/messages.ts';
import { example } from '../sdk-model/examples.ts';

type Schema = Record<string, unknown>;

/** Hoists each message schema's $defs into components, naming a def per binding only when it differs. */
class Components {
  readonly schemas = new Map<string, Schema>();

  add(name: string, schema: Schema): string {
    const defs = (schema.$defs ?? {}) as Record<string, Schema>;
    const { $defs: _, $schema: __, $id: ___, ...body } = schema;
    const renames = new Map<string, string>();
    // Defs may refer to each other: settle names first, then rewrite refs.
    for (const [def, s] of Object.entries(defs)) renames.set(def, this.nameFor(def, s, defs));
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (!v || typeof v !== 'object') return v;
      const o = v as Record<string, unknown>;
      if (typeof o.$ref === 'string' && o.$ref.startsWith('#/$defs/'))
        return { ...o, $ref: `#/components/schemas/${renames.get(o.$ref.slice(8))}` };
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, rewrite(x)]));
    };
    for (const [def, s] of Object.entries(defs)) this.schemas.set(renames.get(def)!, rewrite(s) as Schema);
    this.schemas.set(name, rewrite(body) as Schema);
    return `#/components/schemas/${name}`;
  }

  private nameFor(def: string, s: Schema, defs: Record<string, Schema>): string {
    const key = JSON.stringify(s);
    for (let n = 1; ; n++) {
      const name = n === 1 ? def : `${def}${n}`;
      const existing = this.schemas.get(name);
      // Same text (refs included) means the same schema, given that its refs resolve alike.
      if (!existing || JSON.stringify(existing) === key || (n === 1 && sameShape(existing, s, defs))) return name;
    }
  }
}

function sameShape(a: Schema, b: Schema, _defs: Record<string, Schema>): boolean {
  return (
    JSON.stringify(a).replace(/#\/components\/schemas\/|#\/\$defs\//g, '') ===
    JSON.stringify(b).replace(/#\/components\/schemas\/|#\/\$defs\//g, '')
  );
}

const componentName = (id: string) => id.replace(/\//g, '.');

export function emitOpenApi(spec: Spec, derived: Pick<Derived, 'descriptors' | 'wireSchemas'>): GeneratedFile[] {
  const doc = new OpenApiDocument(spec, derived).build();
  const json = `${JSON.stringify(doc, null, 2)}\n`;
  return [
    { path: 'openapi.json', content: json, format: 'json' },
    // From the JSON text, so both files hold the same data (no undefined members).
    { path: 'openapi.yaml', content: yamlText(JSON.parse(json)), format: 'text' },
  ];
}

type Binding = { kind?: string; segment?: string };

const quotaHeader = { $ref: '#/components/headers/CallLimit' };

const withHeaders = (headers: Record<string, unknown>) => (Object.keys(headers).length ? { headers } : {});

/** Retry-After of the answers whose keys give one (errors.keys.KEY.retryAfter), its seconds by cause. */
function retryAfterHeader(errors: Spec['errors']): Record<string, unknown> {
  const given = errors.filter((e) => e.retryAfter);
  if (!given.length) return {};
  const causes = given.map((e) => `${e.key}: ${retryAfterText(e)}`).join('; ');
  return {
    'Retry-After': {
      description: `Seconds to wait before trying again (${causes}).`,
      schema: { type: 'integer', minimum: 1 },
    },
  };
}

/** The document, built part by part: components fill up as paths and webhooks refer to schemas. */
class OpenApiDocument {
  private readonly builder: Derived['wireSchemas'];
  private readonly descriptors: Derived['descriptors'];
  private readonly components = new Components();
  private readonly targets: MessageTarget[];
  private readonly tagSummaries: Record<string, Set<string>> = {};
  /** JSONP: with the callback parameter a JSON answer is sent as callback(...) in this type. */
  private readonly jsonp: Record<string, unknown>;
  private readonly errorResponseObjects: Record<string, unknown>;
  /** Every operation can fail alike: each status once in components, referenced by every operation. */
  private readonly errorResponses: Record<string, unknown>;

  constructor(
    private readonly spec: Spec,
    derived: Pick<Derived, 'descriptors' | 'wireSchemas'>,
  ) {
    this.builder = derived.wireSchemas;
    this.descriptors = derived.descriptors;
    this.targets = messageTargets(spec);
    const errorRef = { $ref: '#/components/schemas/error.response' };
    this.components.schemas.set('error.response', {
      type: 'object',
      xml: { name: spec.formats.responseRoot },
      required: ['status', spec.errorEnvelope.container],
      properties: {
        status: { const: spec.errorEnvelope.status },
        [spec.errorEnvelope.container]: {
          type: 'object',
          description: 'One child per error key, holding its message.',
          properties: Object.fromEntries(
            spec.errors.map((e) => [e.key, { type: 'string', description: `HTTP ${e.status}: ${e.message}` }]),
          ),
        },
      },
    });
    this.jsonp = {
      [spec.formats.output.jsonp]: {
        schema: {
          type: 'string',
          description: `${spec.formats.jsonp.parameter}(<the JSON answer>), when the ${spec.formats.jsonp.parameter} parameter is given.`,
        },
      },
    };
    const authStatus = spec.errors.find((e) => e.key === 'authenticationfailed')?.status;
    this.errorResponseObjects = Object.fromEntries(
      [...new Set(spec.errors.map((e) => e.status))].sort().map((status) => [
        String(status),
        {
          description: spec.errors
            .filter((e) => e.status === status)
            .map((e) => e.key)
            .join(', '),
          ...withHeaders({
            // A 401 has no caller: telling a known e-mail's quota would tell which e-mails exist.
            ...(status === authStatus ? {} : { [spec.quota.header]: quotaHeader }),
            ...retryAfterHeader(spec.errors.filter((e) => e.status === status)),
          }),
          content: {
            [spec.formats.output.xml]: { schema: errorRef },
            [spec.formats.output.json]: { schema: errorRef },
            ...this.jsonp,
          },
        },
      ]),
    );
    this.errorResponses = Object.fromEntries(
      Object.keys(this.errorResponseObjects).map((status) => [
        status,
        { $ref: `#/components/responses/error${status}` },
      ]),
    );
  }

  build() {
    const spec = this.spec;
    const paths = this.paths();
    const webhooks = this.webhooks();
    return {
      openapi: '3.1.0',
      info: {
        title: spec.service.title,
        // The license of what crmgen generates from the spec (api.yaml packages), this document included.
        license: { name: spec.packages.license, identifier: spec.packages.license },
        version: spec.service.versioning === 'none' ? 'unversioned' : spec.service.versioning,
        description: `Generated by crmgen from spec/. XML is the default format (root <${spec.formats.requestRoot}>/<${spec.formats.responseRoot}>); JSON and form input are selected by Content-Type, JSON output by Accept. Children named id<N> cannot be described in XML Schema terms; they are object keys in JSON.`,
      },
      jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
      servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:8080' } } }],
      security: [{ basicAuth: [] }],
      tags: Object.keys(this.tagSummaries)
        .sort()
        .map((name) => ({ name, description: `${[...this.tagSummaries[name]!].join('; ')}.` })),
      paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
      webhooks,
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic', description: `${spec.auth.username} : ${spec.auth.password}` },
        },
        responses: Object.fromEntries(
          Object.entries(this.errorResponseObjects).map(([status, r]) => [`error${status}`, r]),
        ),
        headers: {
          CallLimit: {
            description: `API calls used and allowed (${spec.quota.format}): on every answer that has a caller, a refused batch included; not on 401 nor on answers refused before the caller is known.`,
            schema: { type: 'string', pattern: '^[0-9]+/[0-9]+$' },
          },
        },
        parameters: {
          callback: {
            name: spec.formats.jsonp.parameter,
            in: 'query',
            required: false,
            description: `JSONP: wraps the JSON body as callback(...) (${spec.formats.output.jsonp}); characters other than ${spec.formats.jsonp.allowed} are stripped.`,
            schema: { type: 'string' },
          },
        },
        schemas: Object.fromEntries([...this.components.schemas].sort(([a], [b]) => a.localeCompare(b))),
      },
    };
  }

  private schemaRef(t: MessageTarget | { id: string; shape: MessageTarget['shape'] }, b: Binding) {
    const defs = new Map<string, Schema>();
    this.builder.optionalData = 'op' in t && t.op.method === 'PUT';
    const body = this.builder.shape(t.shape, { ...b, defs } as never);
    return {
      $ref: this.components.add(componentName(t.id), {
        ...body,
        $defs: Object.fromEntries([...defs].sort(([x], [y]) => x.localeCompare(y))),
      }),
    };
  }

  /** A message's content by media type, with its examples (none in XML or JSON for a request that carries a file). */
  private bodyContent(schema: Schema, t: MessageTarget, b: Binding, upload: boolean) {
    const spec = this.spec;
    const value = example(spec, t.shape, b, 'value', t.part === 'response');
    const d = this.descriptors[t.id];
    const xmlExample = encodeXml(
      d,
      value,
      t.part === 'response' ? spec.formats.responseRoot : spec.formats.requestRoot,
    );
    // A request whose example carries a file goes as multipart/form-data only: XML and JSON cannot carry the bytes.
    const uploadFields =
      spec.activities
        .find((a) => a.segment === b.segment)
        ?.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload') ?? [];
    const data = (value as { data?: Record<string, unknown> }).data;
    const carriesFile = t.part === 'request' && uploadFields.some((f) => data?.[f.name] !== undefined);
    const content: Record<string, unknown> = {
      [spec.formats.output.xml]: carriesFile
        ? { schema }
        : { schema, examples: { default: { summary: 'The same value in XML.', description: xmlExample } } },
      [spec.formats.output.json]: carriesFile ? { schema } : { schema, example: toWireJson(d, value) },
    };
    if (t.part === 'request') {
      content[spec.formats.input.form[0]] = { schema };
      if (upload) content[spec.formats.input.upload[0]] = { schema };
    }
    return content;
  }

  /** Each operation once per record kind and segment: a {kind} parameter would match /contacts/{contactId}/ too. */
  private paths(): Record<string, Record<string, unknown>> {
    const spec = this.spec;
    const paths: Record<string, Record<string, unknown>> = {};
    const bindings = (op: Operation): Binding[] =>
      op.scope === 'kind'
        ? spec.kinds.map((k) => ({ kind: k.name }))
        : op.scope === 'activity'
          ? spec.kinds.flatMap((k) => spec.activities.map((a) => ({ kind: k.name, segment: a.segment })))
          : [{}];
    for (const op of spec.operations) {
      for (const b of bindings(op)) {
        const { path, operation } = this.operation(op, b);
        (paths[path] ??= {})[op.method.toLowerCase()] = operation;
      }
    }
    return paths;
  }

  /** One operation bound to a kind (and segment): its path and operation object. */
  private operation(op: Operation, b: Binding): { path: string; operation: Record<string, unknown> } {
    const spec = this.spec;
    // The path as the document writes it (the service accepts it with or without a trailing slash).
    const idName =
      op.scope === 'activity'
        ? 'activityId'
        : op.scope === 'kind'
          ? `${spec.kinds.find((k) => k.name === b.kind)!.singular}Id`
          : op.path.includes('hooks')
            ? 'hookId'
            : 'id';
    const tagName = tag(op, b);
    (this.tagSummaries[tagName] ??= new Set()).add(op.purpose.replace(/\.$/, '').replace(/ \(.*$/, ''));
    // An activity's update is written with its trailing slash, like its delete: without it,
    // /contacts/note/{activityId} would be ambiguous with /contacts/{contactId}/.
    const path = op.path
      .replace('{kind}', b.kind ?? '{kind}')
      .replace('{segment}', b.segment ?? '')
      .replace('{id}', `{${idName}}`)
      .replace(/\{activityId\}$/, '{activityId}/');
    const find = (part: MessageTarget['part']) =>
      this.targets.find(
        (t) =>
          t.op === op &&
          t.part === part &&
          (t.kind === undefined || t.kind === b.kind) &&
          (t.segment === undefined || t.segment === b.segment),
      );
    const parameters: unknown[] = [];
    if (op.path.includes('{id}'))
      parameters.push({ name: idName, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    if (op.path.includes('{deliveryId}'))
      parameters.push({ name: 'deliveryId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    const paramsT = find('params');
    let paramsBody: Record<string, unknown> | undefined;
    if (paramsT) {
      const ref = this.schemaRef(paramsT, b);
      const comp = this.components.schemas.get(ref.$ref.split('/').pop()!)!;
      for (const [name, s] of Object.entries((comp.properties ?? {}) as Record<string, Schema>))
        parameters.push({
          name,
          in: 'query',
          required: false,
          schema: s,
          ...(s.description ? { description: s.description } : {}),
        });
      // What existing clients send: the same parameters as a request body of the GET.
      paramsBody = {
        required: false,
        description: `The parameters may also be sent as a body (root <${spec.formats.requestRoot}> in XML); the query string wins where both give one.`,
        content: {
          [spec.formats.output.xml]: { schema: ref },
          [spec.formats.output.json]: { schema: ref },
          [spec.formats.input.form[0]]: { schema: ref },
        },
      };
    }
    if (op.method === 'GET') parameters.push({ $ref: '#/components/parameters/callback' });
    const requestT = find('request');
    const responseT = find('response');
    const operation: Record<string, unknown> = {
      operationId: `${op.id}${b.kind ? `_${b.kind}` : ''}${b.segment ? `_${b.segment}` : ''}`,
      summary: op.purpose.replace(/\.$/, ''),
      tags: [tagName],
      ...(parameters.length ? { parameters } : {}),
    };
    if (op.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          [spec.batch.contentType]: {
            schema: {
              type: 'string',
              description: `Up to ${spec.batch.maxParts} ${spec.batch.partContentType} parts, each a complete HTTP request; CRLF line endings.`,
            },
          },
        },
      };
      operation.responses = {
        [String(spec.batch.outerStatus)]: {
          description: 'One part per request, in order, each with its own status line.',
          headers: { [spec.quota.header]: quotaHeader },
          content: { [spec.batch.contentType]: { schema: { type: 'string' } } },
        },
        ...this.errorResponses,
      };
    } else {
      if (paramsBody) operation.requestBody = paramsBody;
      if (requestT) {
        operation.requestBody = {
          required: true,
          description: `Form input nests with brackets (data[details]=..., categories[add][category][]=3).${op.upload ? ' With multipart/form-data, file parts named data[<field>] carry uploads.' : ''}`,
          content: this.bodyContent(this.schemaRef(requestT, b), requestT, b, op.upload),
        };
      }
      const ok: Record<string, unknown> = {
        description: 'Success.',
        headers: {
          [spec.quota.header]: quotaHeader,
          ...(op.location
            ? { Location: { description: 'Address of the new record.', schema: { type: 'string' } } }
            : {}),
        },
      };
      if (responseT)
        ok.content = { ...this.bodyContent(this.schemaRef(responseT, b), responseT, b, false), ...this.jsonp };
      operation.responses = { [String(op.status)]: ok, ...this.errorResponses };
    }
    return { path, operation };
  }

  /** Notifications discriminated by their event: each family's type names only its own events. */
  private webhooks(): Record<string, unknown> {
    const spec = this.spec;
    const webhooks: Record<string, unknown> = {};
    for (const n of notificationTargets(spec)) {
      const ref = this.schemaRef(n, {});
      const events = spec.events.filter((x) => x.name.startsWith(`${n.family}.`));
      const typeField = spec.notification.fields.find((f) => f.name === 'type');
      const family = this.components.schemas.get(ref.$ref.split('/').pop()!)!;
      const props = family.properties as Record<string, Schema>;
      if (typeField && props[typeField.name])
        props[typeField.name] = { ...props[typeField.name], type: 'string', enum: events.map((e) => e.name) };
      for (const e of events) {
        webhooks[e.name] = {
          post: {
            operationId: `notify_${e.name.replace(/\W/g, '_')}`,
            summary: e.description.replace(/\.$/, ''),
            description: `Sent to the hook's url in its contenttype. With a secret, ${spec.notification.signature.header} holds the ${spec.notification.signature.encoding} ${spec.notification.signature.algorithm} of the body.`,
            parameters: [
              {
                name: spec.notification.signature.header,
                in: 'header',
                required: false,
                schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
              },
            ],
            requestBody: {
              required: true,
              content: {
                [spec.formats.output.xml]: { schema: ref },
                [spec.formats.output.json]: { schema: ref },
                [spec.formats.input.form[0]]: { schema: ref },
              },
            },
            responses: { '200': { description: 'Any 2xx answer acknowledges the notification.' } },
          },
        };
      }
    }
    return webhooks;
  }
}

const tag = (op: Operation, b: Binding) =>
  op.scope === 'activity' ? `activities` : (b.kind ?? (op.client.includes('.') ? op.client.split('.')[0] : 'service'));
