// Fuzzing as a habit (issue 19): a short seeded run of the property-based generators of
// test/support/fuzz.ts over every decoder and over whole HTTP requests to a real `crmgen serve`.
// The seed is fixed so a failure is reproducible: fast-check prints the seed and the shrunk
// counterexample, and FUZZ_SEED=<n> FUZZ_RUNS=<n> reruns with another seed or more inputs.
// bench/fuzz.bench.ts runs the same properties on 100,000 inputs per decoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { decode, encode, CodecError, type CodecTarget } from '../generated/server/dist/codecs/index.js';
import { formToNested, parseForm } from '../generated/server/dist/runtime/codec.js';
import { parseXml } from '../generated/server/dist/runtime/xml.js';
import { parseBatchRequest, serializeBatchRequest } from '../generated/server/dist/runtime/batch.js';
import { parseMultipartForm } from '../generated/server/dist/runtime/form-data.js';
import * as F from './support/fuzz.ts';
import { basic, call, startServer, type RunningServer } from './support/server.ts';

const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const runs = (n: number) => Number(process.env.FUZZ_RUNS ?? n);
/** fast-check's report (seed, path, counterexample) is the failure message. */
function check<T>(p: fc.IProperty<[T]>, n: number): void;
function check<T>(p: fc.IAsyncProperty<[T]>, n: number): Promise<void>;
function check<T>(p: fc.IProperty<[T]> | fc.IAsyncProperty<[T]>, n: number): void | Promise<void> {
  return fc.assert(p as fc.IAsyncProperty<[T]>, { seed, numRuns: runs(n) });
}

describe('XML reader', () => {
  it('a generated document reads back as the tree written', () =>
    check(
      fc.property(F.xmlDocArb, ({ tree, text }) => {
        expect(F.readTree(parseXml(text, F.limits))).toEqual(tree);
      }),
      300,
    ));

  it('mutated documents: XmlError or a tree, never another error', () =>
    check(
      fc.property(F.xmlInputArb, (input) => {
        F.runXml(input);
      }),
      1500,
    ));
});

describe('codecs: decode(target, format, body)', () => {
  it.each(['xml', 'json', 'form'] as const)('every message round-trips through %s', (format) =>
    check(
      // Form is a request format: responses are not written in it.
      fc.property(format === 'form' ? F.requestMessageArb : F.messageArb, ({ target, value }) => {
        const text = encode(target, format, value as never);
        const back = decode(target, format, text);
        expect(back.issues).toEqual([]);
        if (format === 'form') expect(F.formView(back.value)).toEqual(F.formView(value));
        else expect(back.value).toEqual(value);
      }),
      400,
    ),
  );

  it('wrong types, unknown fields, control characters, mangled bytes: CodecError or a value the validators take, never another error', () =>
    check(
      fc.property(F.codecInputArb, (input) => {
        F.runCodec(input);
      }),
      1500,
    ));

  it('JSON nesting: refused exactly when deeper than the limit', () =>
    check(
      fc.property(F.jsonTextArb, (text) => {
        let parsed: { v: unknown } | undefined;
        try {
          parsed = { v: JSON.parse(text) };
        } catch {
          parsed = undefined;
        }
        const outcome = F.runJsonDepth(text);
        if (parsed) expect(outcome).toBe(F.depthOf(parsed.v) > F.limits.maxDepth ? 'refused' : 'ok');
      }),
      1000,
    ));

  it('form nesting and indexes: CodecError or nested data within the limit', () =>
    check(
      fc.property(F.formBodyArb, (body) => {
        if (F.runFormDepth(body) === 'ok')
          expect(F.depthOf(formToNested(parseForm(body), F.limits.maxDepth))).toBeLessThanOrEqual(F.limits.maxDepth);
      }),
      1000,
    ));
});

describe('multipart/form-data', () => {
  it('generated forms read back field by field', () =>
    check(
      fc.asyncProperty(F.multipartInputArb, async (input) => {
        // (busboy keeps a file name's last path segment and reads filename="" as a plain field, as browsers send it for "no file chosen": generated names are plain.)
        fc.pre(!input.mutated);
        const { fields } = await parseMultipartForm(input.body, input.contentType, 1 << 20);
        const want = input.parts.map((p) => [
          p.name,
          p.file ? { filename: p.file.filename, contenttype: p.file.type, size: Buffer.byteLength(p.value) } : p.value,
        ]);
        const key = (x: unknown) => JSON.stringify(x);
        expect(fields.map(key).sort()).toEqual(want.map(key).sort());
      }),
      200,
    ));

  it('mangled forms: MalformedForm, UploadTooLarge or CodecError, never another error', () =>
    check(
      fc.asyncProperty(F.multipartInputArb, async (input) => {
        await F.runMultipart(input);
      }),
      800,
    ));
});

describe('batch parser', () => {
  it('a written batch parses back part by part', () =>
    check(
      fc.property(F.batchPartsArb, (parts) => {
        const { contentType, body } = serializeBatchRequest(parts);
        const back = parseBatchRequest(body, contentType, { maxParts: F.maxParts });
        expect(
          back.map((p) => ({
            ...p,
            headers: Object.fromEntries(Object.entries(p.headers).filter(([k]) => k !== 'content-length')),
          })),
        ).toEqual(
          parts.map((p) => ({
            ...p,
            body: Uint8Array.from(p.body),
            ...(p.contentId === undefined ? {} : { contentId: p.contentId }),
          })),
        );
      }),
      300,
    ));

  it('lying Content-Lengths, mangled boundaries, truncation: BatchError or parts, never another error', () =>
    check(
      fc.property(F.batchInputArb, (input) => {
        F.runBatch(input);
      }),
      1500,
    ));
});

describe('regressions found by fuzzing', () => {
  it('a form index far beyond the fields sent is refused, not built as a sparse array of that length', () => {
    for (const body of [
      'categories[add][category][4294967293]=3',
      'categories[add][category][100000000]=3',
      'a[0]=x&a[2]=y',
    ]) {
      expect(() => decode('records/contacts.updateRecord.request', 'form', body), body).toThrow(CodecError);
      expect(() => formToNested(parseForm(body), 32), body).toThrow(
        /index \d+ in .* is not below the number of fields sent/,
      );
    }
    // Indexes below the number of fields keep working, in any order.
    expect(formToNested(parseForm('a[1]=y&a[0]=x'), 32)).toEqual({ a: ['x', 'y'] });
  });

  it('a list item given first as text, then as structure, becomes the structure (it threw a TypeError)', () => {
    expect(formToNested(parseForm('data[1]=&data[1][]=x&data[0]=y'), 32)).toEqual({ data: ['y', ['x']] });
  });

  it('a multipart body that ends inside a file is MalformedForm (the error on the file stream went unheard and killed the process)', async () => {
    const body = new TextEncoder().encode(
      '--a\r\nContent-Disposition: form-data; name="data[file]"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nnever ends',
    );
    await expect(parseMultipartForm(body, 'multipart/form-data; boundary=a', 1024)).rejects.toThrow(
      /malformed multipart\/form-data: Unexpected end of form/,
    );
    // Also when the unfinished file is one refused for having no name (found by the bench).
    const unnamed = new TextEncoder().encode(
      '--a\r\nContent-Disposition: form-data; name=""; filename="x.txt"\r\n\r\nnever ends',
    );
    await expect(parseMultipartForm(unnamed, 'multipart/form-data; boundary=a', 1024)).rejects.toThrow(
      'a part has no name',
    );
    await new Promise((ok) => setTimeout(ok, 50)); // the stream's error comes after the rejection; unheard it would fail the run
  });

  it('a multipart part without a name is MalformedForm (it reached the bracket decoder as undefined)', async () => {
    for (const disposition of ['form-data; name=""', 'form-data', 'form-data; name=""; filename="a.txt"']) {
      const body = new TextEncoder().encode(`--a\r\nContent-Disposition: ${disposition}\r\n\r\nx\r\n--a--\r\n`);
      await expect(parseMultipartForm(body, 'multipart/form-data; boundary=a', 1024), disposition).rejects.toThrow(
        'a part has no name',
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// whole HTTP requests against a real service

describe('HTTP', () => {
  const ann: [string, string] = ['ann@example.com', 'pw-ann'];
  const bob: [string, string] = ['bob@example.com', 'pw-bob'];
  let server: RunningServer;
  const xmlParses = (s: string) =>
    XMLValidator.validate(s) === true && parseXml(s, { maxDepth: 64, maxElements: 1e6, maxBytes: 1e8 }) !== undefined;

  beforeAll(async () => {
    // Throttles raised so the fuzzer's wrong credentials do not turn every later answer into 429.
    server = await startServer({
      users: [`${ann.join(':')}:acme`, `${bob.join(':')}:globex`],
      args: [
        '--login-failures',
        '1000000',
        '--login-failures-per-address',
        '1000000',
        '--quota',
        '1000000',
        ...F.noWebhookTraffic,
      ],
    });
    // Some records to hit.
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call(server.base, '/contacts/', {
            user: ann,
            body: `{"firstname":"F${i}"}`,
            contentType: 'application/json',
            accept: 'application/json',
          })
        ).status,
      ).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the regression over HTTP: 400 malformedrequest, and the service answers the next request', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      body: 'firstname=A&categories[add][category][4294967293]=3',
      contentType: 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json().errors)).toEqual(['malformedrequest']);
    expect((await call(server.base, '/contacts/', { user: ann, accept: 'application/json' })).status).toBe(200);
  });

  it('the multipart regressions over HTTP: 400 malformedrequest, and the process lives on', async () => {
    const upload = (body: string) =>
      call(server.base, '/contacts/file/', {
        user: ann,
        body,
        contentType: 'multipart/form-data; boundary=a',
        accept: 'application/json',
      });
    const truncated = await upload(
      '--a\r\nContent-Disposition: form-data; name="parent"\r\n\r\n1\r\n--a\r\nContent-Disposition: form-data; name="data[file]"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nnever ends',
    );
    expect(truncated.status).toBe(400);
    expect(truncated.json().errors).toEqual({
      malformedrequest: 'malformed multipart/form-data: Unexpected end of form',
    });
    const unnamed = await upload('--a\r\nContent-Disposition: form-data; name=""\r\n\r\n1\r\n--a--\r\n');
    expect(unnamed.status).toBe(400);
    expect(unnamed.json().errors).toEqual({ malformedrequest: 'malformed multipart/form-data: a part has no name' });
    const mixed = await call(server.base, '/contacts/', {
      user: ann,
      body: 'firstname=A&categories[add][category][0]=3&categories[add][category][0][]=4',
      contentType: 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(mixed.status).toBe(400);
    expect(server.child.exitCode).toBeNull();
    expect((await call(server.base, '/contacts/', { user: ann, accept: 'application/json' })).status).toBe(200);
  });

  it(
    'generated requests: never a 5xx, every answer the envelope or a success, well-formed in its format; the service stays up',
    async () => {
      const statuses = new Map<number, number>();
      await check(
        fc.asyncProperty(F.httpCaseArb(basic(...ann), [basic(...bob)]), async (c) => {
          const res = await fetch(server.base + c.path, {
            method: c.method,
            headers: c.headers,
            body: c.body as BodyInit | undefined,
            signal: AbortSignal.timeout(15_000),
          });
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const problem = F.answerProblem(c, res.status, res.headers, text, xmlParses);
          expect(
            problem,
            `${c.method} ${c.path} ${JSON.stringify(c.headers)} -> ${res.status} ${text.slice(0, 300)}`,
          ).toBeUndefined();
        }),
        300,
      );
      // Not a one-status run: the generators reach successes and several kinds of refusal.
      expect([...statuses.keys()].filter((s) => s < 300).length).toBeGreaterThan(0);
      expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(2);
      const after = await call(server.base, '/contacts/', { user: ann, accept: 'application/json' });
      expect(after.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
    30_000 + runs(300) * 100,
  ); // FUZZ_RUNS may ask for thousands of requests
});
