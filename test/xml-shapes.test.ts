// The XML decoder keeps the hidden classes of what it builds alive (runtime/codec.ts Order.shape
// and idleDecoder, xml.ts ExpectedRun.shapes): without them every full collection dropped the
// classes of the decoded entries, the decoder and the owner's attribute object, and V8 threw the
// decoder's optimized code away with them ("weak objects"), at every collection (issue 34).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './support/paths.ts';
import { dateTimeText, scalarFromWire } from '../generator/targets/typescript/runtime/codec.ts';

describe('XML decoding', () => {
  it('keeps its optimized code through full collections (no "weak objects" deopts)', { timeout: 120_000 }, () => {
    const r = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--trace-opt',
        '--trace-deopt',
        '--import',
        'tsx',
        join(root, 'test/support/xml-shapes-child.ts'),
      ],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    expect(r.status, r.stderr).toBe(0);
    const [before, after] = r.stdout.split('--- collected ---');
    // Meaningful only if the decoder was optimized before the collections.
    expect(before).toMatch(/completed (optimizing|compiling).*scanXml/);
    const dropped = after!
      .split('\n')
      .filter((l) => l.includes('reason: weak objects') && /scanXml|expected|openElement|enter|store\w+/.test(l));
    expect(dropped).toEqual([]);
  });

  it('reads date-times as scalarFromWire does (dateTimeText, the generated stores)', () => {
    const texts = [
      '2026-11-20T08:00:00+00:00',
      '2026-02-29T08:00:00+00:00',
      '2024-02-29T23:59:59+00:00',
      '2026-11-20T24:00:00+00:00',
      '2026-13-20T08:00:00+00:00',
      '2026-11-20 08:00:00',
      '2026-11-20T08:00:00Z',
      '2026-11-20T08:00:00+02:00',
      '2026-11-20',
      '',
      '  ',
      'soon',
    ];
    for (const t of texts) expect(dateTimeText(t), t).toEqual(scalarFromWire('dt', t));
  });
});
