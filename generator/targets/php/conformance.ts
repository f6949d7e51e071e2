// Emits the conformance suite of spec/conformance/ as PHPUnit tests of the package
// (generated/php/tests/ConformanceTest.php: one data set per case, named by its id, so a case added
// to spec/ is a test with no edit here), with the target's fixed harness copied beside it from
// runtime/conformance/. The emitter tells the harness where each call lives on the client (the
// resource path and method, from the IR's operation); the harness knows nothing of any case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceCall, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { root } from '../../pipeline/root.ts';
import { ident, literal } from './names.ts';

const harnessFile = join(root, 'generator/targets/php/runtime/conformance/ConformanceHarness.php');

/** Where a call's method is on the client: the resource path and the method's name. */
function target(spec: Spec, call: ConformanceCall): { path: string[]; method: string } {
  const op = spec.operations.find((o) => o.id === call.operation);
  if (!op) throw new Error(`conformance: no operation ${call.operation}`);
  const parts = op.client.split('.').map(ident);
  const base =
    op.scope === 'kind' ? [call.kind!] : op.scope === 'activity' ? [call.kind!, 'activities', call.segment!] : [];
  return { path: [...base, ...parts.slice(0, -1)], method: parts.at(-1)! };
}

/** Cases without their source positions, as PHP data sets keyed by id. */
const sets = (cases: { id: string; pos?: unknown }[], extra: (c: never) => unknown[] = () => []) =>
  cases.map((c) => {
    const { pos: _pos, ...rest } = c;
    return `      ${literal(c.id)} => [${[literal(rest), ...extra(c as never).map(literal)].join(', ')}],`;
  });

export function emitPhpConformance(spec: Spec): GeneratedFile[] {
  const suite = spec.conformance;
  if (!suite) return [];
  const t = (c: { call: ConformanceCall }) => [target(spec, c.call)];
  const provider = (name: string, lines: string[]) =>
    `  /** @return array<string, list<mixed>> */\n  public static function ${name}(): array\n  {\n    return [\n${lines.join('\n')}\n    ];\n  }\n`;
  const content = `<?php

declare(strict_types=1);

use PHPUnit\\Framework\\TestCase;

require_once __DIR__ . '/ConformanceHarness.php';

/** The conformance suite of the spec (spec/conformance/), generated: one data set per case. */
final class ConformanceTest extends TestCase
{
  private const CLIENT = ${literal(suite.client)};
  private const RETRY = ${literal(suite.retry)};

  /**
   * @dataProvider requests
   * @param array<string, mixed> $c
   * @param array{path: list<string>, method: string} $target
   */
  public function testRequest(array $c, array $target): void
  {
    $sent = ConformanceHarness::sentRequest(self::CLIENT, $c, $target);
    $url = parse_url($sent->url);
    self::assertSame($c['request']['method'], $sent->method);
    self::assertSame($c['request']['path'], $url['path'] ?? '');
    self::assertEquals($c['request']['query'] ?? [], ConformanceHarness::query($url['query'] ?? ''));
    $headers = array_filter(['Authorization' => $sent->headers['authorization'] ?? null, 'Accept' => $sent->headers['accept'] ?? null, 'Content-Type' => $sent->headers['content-type'] ?? null], static fn ($v) => $v !== null);
    self::assertEquals($c['request']['headers'], $headers);
    $body = $c['request']['body'] ?? null;
    if ($body === null) {
      self::assertSame('', $sent->body);
    } elseif (isset($body['xml'])) {
      self::assertEquals(ConformanceHarness::canonicalXml($body['xml']), ConformanceHarness::canonicalXml($sent->body));
    } elseif (array_key_exists('json', $body)) {
      self::assertEquals($body['json'], json_decode($sent->body, true));
    } else {
      self::assertEquals($body['form'], ConformanceHarness::query($sent->body));
    }
  }

  /**
   * @dataProvider responses
   * @param array<string, mixed> $c
   * @param array{path: list<string>, method: string} $target
   */
  public function testResponse(array $c, array $target): void
  {
    self::assertEquals($c['expect'], ConformanceHarness::outcome(self::CLIENT, $c, $target));
  }

  /**
   * @dataProvider retries
   * @param array<string, mixed> $c
   */
  public function testRetry(array $c): void
  {
    self::assertEquals($c['expect'], ConformanceHarness::retry($c, self::RETRY));
  }

  /**
   * @dataProvider webhooks
   * @param array<string, mixed> $c
   */
  public function testWebhook(array $c): void
  {
    self::assertSame($c['expect'], \\Crmgen\\Client\\Runtime\\Webhook::check($c['body'], $c['headers'], $c['secret'], ${literal(spec.notification.signature.header)}, $c['toleranceSeconds'] ?? 300, $c['now']));
  }

  /**
   * @dataProvider batches
   * @param array<string, mixed> $c
   * @param list<array{path: list<string>, method: string}> $targets
   */
  public function testBatch(array $c, array $targets): void
  {
    $r = ConformanceHarness::batch(self::CLIENT, $c, $targets);
    if (isset($c['request'])) {
      self::assertCount(1, $r['requests']);
      self::assertEquals($c['request']['headers'], $r['requests'][0]['headers']);
      self::assertSame($c['request']['crlfLines'], $r['requests'][0]['crlfLines']);
    }
    if (isset($c['expectRequests'])) {
      self::assertEquals($c['expectRequests'], array_map(static fn (array $q): array => ['parts' => $q['parts']], $r['requests']));
    }
    if (isset($c['expect'])) {
      self::assertEquals($c['expect'], $r['outcomes']);
    }
  }

  /**
   * @dataProvider pages
   * @param array<string, mixed> $c
   * @param array{path: list<string>, method: string} $target
   */
  public function testPagination(array $c, array $target): void
  {
    $r = ConformanceHarness::pagination(self::CLIENT, $c, $target);
    self::assertSame($c['expect'], $r['ids']);
    self::assertEquals(array_map(static fn (array $p): array => array_map('strval', $p['query']), $c['pages']), $r['queries']);
  }

${provider('requests', sets(suite.requests, t))}
${provider('responses', sets(suite.responses, t))}
${provider('retries', sets(suite.retries))}
${provider('webhooks', sets(suite.webhooks))}
${provider(
  'batches',
  sets(suite.batch, (c: { calls?: ConformanceCall[]; repeat?: { call: ConformanceCall } }) => [
    (c.calls ?? [c.repeat!.call]).map((call) => target(spec, call)),
  ]),
)}
${provider('pages', sets(suite.pagination, t))}
}
`;
  return [
    { path: 'php/tests/ConformanceTest.php', content, format: 'php' },
    { path: 'php/tests/ConformanceHarness.php', content: readFileSync(harnessFile, 'utf8'), format: 'text' },
  ];
}
