// The round-trip property over every message target, one by one (issue 34): a valid value encodes
// and decodes back to itself in XML, JSON and (requests) form, through the service's decode/encode
// and through the client's format objects (runtime/formats.ts, what connect() uses). The fuzz
// suite samples targets at random; here none is left out. Seeded, so a failure reproduces.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decode,
  encode,
  isResponse,
  rootOf,
  xmlLimits,
  type CodecTarget,
} from '../generated/server/src/codecs/index.ts';
import { descriptors } from '../generated/server/src/codecs/descriptors.ts';
import { json, xml } from '../generated/client/src/runtime/formats.ts';
import type { Desc } from '../generated/server/src/runtime/codec.ts';
import { formView, valueArb } from './support/fuzz.ts';

const targets = Object.keys(descriptors) as CodecTarget[];
const seed = Number(process.env.FUZZ_SEED ?? 20261127);
const runs = Number(process.env.FUZZ_RUNS ?? 25);

describe('every message target round-trips', () => {
  it.each(targets)('%s', (target) => {
    const desc = descriptors[target as keyof typeof descriptors] as Desc;
    const message = { desc, root: rootOf(target) };
    const formats = isResponse(target) ? (['xml', 'json'] as const) : (['xml', 'json', 'form'] as const);
    fc.assert(
      fc.property(valueArb(desc), (value) => {
        for (const format of formats) {
          const text = encode(target, format, value as never);
          const back = decode(target, format, text);
          expect(back.issues, format).toEqual([]);
          if (format === 'form') expect(formView(back.value), format).toEqual(formView(value));
          else expect(back.value, format).toEqual(value);
        }
        // The client's modular path writes the same bodies and reads them back alike.
        for (const f of [xml, json]) {
          const text = f.encode(message, value);
          expect(text, f.name).toBe(encode(target, f.name, value as never));
          expect(f.decode(message, text, xmlLimits), f.name).toEqual(value);
        }
      }),
      { seed, numRuns: runs },
    );
  });
});
