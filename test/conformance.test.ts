// The conformance suite of spec/conformance/ run against the TypeScript SDK (generated/client/src):
// one test per case, named by its family and id, so a case added to or removed from spec/ adds or
// removes a test. The harness is the target's own (generator/targets/typescript/conformance.ts).
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { canonicalXml, ConformanceRunner } from '../generator/targets/typescript/conformance.ts';
import * as client from '../generated/client/src/index.ts';
import * as runtime from '../generated/client/src/runtime/client.ts';
import { specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
const suite = spec.conformance!;
const run = new ConformanceRunner(spec, client as never, runtime as never);

describe('conformance: requests', () => {
  it.each(suite.requests.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const sent = await run.sentRequest(c);
    expect(sent.method).toBe(c.request.method);
    expect(sent.url.pathname).toBe(c.request.path);
    expect(Object.fromEntries(sent.url.searchParams)).toEqual(c.request.query ?? {});
    const headers = {
      Authorization: sent.headers.authorization,
      Accept: sent.headers.accept,
      'Content-Type': sent.headers['content-type'],
    };
    expect(headers).toEqual({ 'Content-Type': undefined, ...c.request.headers });
    const body = c.request.body;
    if (!body) expect(sent.body ?? '').toBe('');
    else if ('xml' in body) expect(canonicalXml(sent.body!)).toEqual(canonicalXml(body.xml));
    else if ('json' in body) expect(JSON.parse(sent.body!)).toEqual(body.json);
    else expect(Object.fromEntries(new URLSearchParams(sent.body!))).toEqual(body.form);
  });
});

describe('conformance: responses', () => {
  it.each(suite.responses.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    expect(await run.outcome(c)).toEqual(c.expect);
  });
});

describe('conformance: retries', () => {
  it.each(suite.retries.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(run.retryOutcome(c)).toEqual(c.expect);
  });
});

describe('conformance: webhooks', () => {
  it.each(suite.webhooks.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    expect(await run.webhookOutcome(c)).toBe(c.expect);
  });
});

describe('conformance: batch', () => {
  it.each(suite.batch.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const { requests, outcomes } = await run.batchOutcome(c);
    if (c.request) {
      expect(requests).toHaveLength(1);
      expect(requests[0]!.headers).toEqual(c.request.headers);
      expect(requests[0]!.crlfLines).toEqual(c.request.crlfLines);
    }
    if (c.expectRequests) expect(requests.map((r) => ({ parts: r.parts }))).toEqual(c.expectRequests);
    if (c.expect) expect(outcomes).toEqual(c.expect);
  });
});

describe('conformance: pagination', () => {
  it.each(suite.pagination.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const { ids, queries } = await run.pagination(c);
    expect(ids).toEqual(c.expect);
    expect(queries).toEqual(c.pages.map((p) => p.query));
  });
});

describe('conformance: coverage', () => {
  it('has a request case and a response case for every operation (batch: its own cases), and one of each for every record kind', () => {
    for (const op of spec.operations) {
      const requests =
        op.path === spec.batch.path
          ? suite.batch.filter((c) => c.request)
          : suite.requests.filter((c) => c.call.operation === op.id);
      const responses =
        op.path === spec.batch.path
          ? suite.batch.filter((c) => c.expect)
          : suite.responses.filter((c) => c.call.operation === op.id);
      expect([op.id, requests.length > 0, responses.length > 0]).toEqual([op.id, true, true]);
    }
    for (const k of spec.kinds) {
      expect([
        k.name,
        suite.requests.some((c) => c.call.kind === k.name),
        suite.responses.some((c) => c.call.kind === k.name),
      ]).toEqual([k.name, true, true]);
    }
  });
});
