// The endpoint articles of the reference pages: one example value per operation (generator/
// examples.ts) shown as the client call (TypeScript), as XML and JSON bodies encoded by
// runtime/codec.ts from the codecs' own descriptors, and as a curl line, so the four cannot
// say different things nor drift from what the client and the service send.
import type { Operation, Spec } from '../pipeline/model.ts';
import type { Desc } from '../targets/typescript/runtime/codec.ts';
import { encodeXml, toWireJson } from '../targets/typescript/runtime/codec.ts';
import { docsLanguages, type ExampleCall } from '../targets/docs-languages.ts';
import { messageTargets, type MessageTarget } from '../sdk-model/messages.ts';
import { example, exampleSegment } from '../sdk-model/examples.ts';
import { fieldRows, indentXml, languages, type Endpoint, type Example, type Tab } from './docs-model.ts';

/** Placeholder ids of the examples: a record, an activity, a delivery. test/docs-examples.test.ts binds them to real ones. */
export const placeholders = { record: 467069, activity: 12, delivery: 88 };

export function endpointBuilder(
  spec: Spec,
  descriptors: Record<string, Desc>,
): (op: Operation, kind?: string, segment?: string) => Endpoint {
  // By operation: each endpoint looks up its messages among its own operation's only.
  const targetsOf = new Map<Operation, MessageTarget[]>();
  for (const t of messageTargets(spec)) {
    const list = targetsOf.get(t.op);
    if (list) list.push(t);
    else targetsOf.set(t.op, [t]);
  }
  const plainSegment = exampleSegment(spec);
  const roots = { request: spec.formats.requestRoot, response: spec.formats.responseRoot };
  const render = (t: MessageTarget, value: unknown) => {
    const d: Desc = descriptors[t.id];
    return {
      xml: indentXml(encodeXml(d, value, t.part === 'response' ? roots.response : roots.request)),
      json: JSON.stringify(toWireJson(d, value), null, 2),
    };
  };
  const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

  return (op, kind, segment) => {
    const b = { kind: kind ?? spec.kinds[0].name, segment: segment ?? plainSegment };
    const find = (part: MessageTarget['part']) =>
      (targetsOf.get(op) ?? []).find(
        (t) =>
          t.part === part &&
          (t.kind === undefined || t.kind === b.kind) &&
          (t.segment === undefined || t.segment === b.segment),
      );
    const ids = [
      ...(op.path.includes('{id}')
        ? [op.path.includes('{segment}') ? placeholders.activity : placeholders.record]
        : []),
      ...(op.path.includes('{deliveryId}') ? [placeholders.delivery] : []),
    ];
    const path = op.path
      .replace('{kind}', b.kind)
      .replace('{segment}', b.segment)
      .replace('{id}', String(ids[0]))
      .replace('{deliveryId}', String(placeholders.delivery));
    const paramsT = find('params');
    const requestT = find('request');
    const responseT = find('response');
    const requestValue = requestT ? example(spec, requestT.shape, b) : undefined;
    const paramsValue = paramsT ? example(spec, paramsT.shape, b) : undefined;
    // A file cannot travel in an XML or JSON body: requests carrying an upload are shown as
    // multipart/form-data only, the curl line sending the file (-F 'data[file]=@plan.pdf').
    const uploads = new Set(
      segment && op.upload
        ? spec.activities
            .find((a) => a.segment === segment)!
            .fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload')
            .map((f) => f.name)
        : [],
    );
    const data = (requestValue as { data?: Record<string, unknown> } | undefined)?.data;
    const files = data ? Object.keys(data).filter((k) => uploads.has(k)) : [];
    const multipart = files.length > 0;
    const req = requestT && !multipart ? render(requestT, requestValue) : undefined;
    const res = responseT ? render(responseT, example(spec, responseT.shape, b, 'value', true)) : undefined;
    const query = paramsValue
      ? new URLSearchParams(
          Object.entries(paramsValue as Record<string, unknown>)
            .slice(0, 3)
            .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
        ).toString()
      : '';
    const wire =
      requestT && requestValue !== undefined
        ? (toWireJson(descriptors[requestT.id], requestValue) as Record<string, unknown>)
        : undefined;
    const formParts = (body: Record<string, unknown>) =>
      Object.entries(body).flatMap(([k, v]) =>
        v !== null && typeof v === 'object'
          ? Object.entries(v as Record<string, unknown>).map(
              ([f, x]) =>
                `-F ${quote(`${k}[${f}]=${uploads.has(f) ? `@${(x as { filename: string }).filename}` : String(x)}`)}`,
            )
          : [`-F ${quote(`${k}=${String(v)}`)}`],
      );
    const curl = [
      `curl -u "$CRM_EMAIL:$CRM_TOKEN"`,
      op.method === 'GET' ? '' : `-X ${op.method}`,
      req ? `-H 'Content-Type: application/json'` : '',
      `-H 'Accept: application/json'`,
      `"$CRM_URL${path}${query ? `?${query}` : ''}"`,
      req ? `-d ${quote(JSON.stringify(wire))}` : '',
      ...(multipart ? formParts(wire!) : []),
    ]
      .filter(Boolean)
      .join(' ');

    // The same call through each SDK: path ids, then the body or parameters, then the files.
    const call: ExampleCall = {
      op,
      kind: b.kind,
      segment: b.segment,
      ids,
      clientPackage: spec.packages.client.name,
      idOf: op.scope === 'activity' ? b.segment : op.scope === 'kind' ? b.kind : undefined,
      parentOf: spec.activities.find((a) => a.segment === b.segment)?.parents[0],
      value: requestValue ?? paramsValue,
      files: files.map((f) => ({ field: f, filename: (data![f] as { filename: string }).filename })),
      singulars: Object.fromEntries(spec.kinds.map((k) => [k.name, k.singular])),
    };
    const sdkTabs = docsLanguages.map((l) => ({
      lang: l.tab,
      title: l.label,
      examples: [{ kind: l.tab, ...l.call(call) }],
    }));

    const tab = (lang: string, examples: (Example | false | undefined)[]): Tab => ({
      lang,
      title: languages[lang],
      examples: examples.filter((e): e is Example => !!e),
    });
    const responseLabel = `Response ${op.status}`;
    return {
      id: `${op.id}${kind ? `-${kind}` : ''}${segment ? `-${segment}` : ''}`,
      method: op.method,
      path,
      purpose: op.purpose,
      client: docsLanguages[0]!.callName(op, b.kind, b.segment),
      status: op.status,
      ...(op.params ? { params: { head: ['parameter', 'type', 'meaning'], rows: fieldRows(spec, op.params) } } : {}),
      tabs: [
        ...sdkTabs,
        tab('xml', [
          req && { kind: 'request-xml', label: 'Request', text: req.xml },
          res && { kind: 'response-xml', label: responseLabel, text: res.xml },
        ]),
        tab('json', [
          req && { kind: 'request-json', label: 'Request', text: req.json },
          res && { kind: 'response-json', label: responseLabel, text: res.json },
        ]),
        tab('curl', [{ kind: 'curl', label: 'curl', text: curl }]),
      ].filter((t) => t.examples.length),
    };
  };
}
