// generator/yaml-text.ts writes openapi.yaml: whatever JSON data it is given, the yaml library
// (a full YAML 1.2 reader) must read back the same value.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { yamlText } from '../generator/pipeline/yaml-text.ts';

// Strings that stress the plain/quoted/literal choice: indicators, number and boolean look-alikes, line breaks.
const tricky = fc.oneof(
  fc.string(),
  fc.string({
    unit: fc.constantFrom(
      'a',
      ' ',
      ':',
      '#',
      '-',
      '\n',
      '"',
      "'",
      '0',
      '.',
      '|',
      '>',
      '{',
      '[',
      ',',
      '&',
      '*',
      '!',
      '%',
      '@',
      '`',
      '~',
      '\t',
      '\\',
      'é',
      '\u2028',
    ),
  }),
  fc.constantFrom(
    'true',
    'False',
    'null',
    '~',
    'yes',
    'off',
    '1e3',
    '.5',
    '-0',
    '0x1F',
    '.inf',
    '<<',
    '2026-11-24',
    'a: b',
    'a #b',
    'x:',
    '\nlead',
    'trail\n\n',
    ' pad',
    'line\n  indented\n',
  ),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    tie('list'),
    tie('map'),
  ),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
})).value;

describe('yamlText', () => {
  it('reads back as the JSON value it was given, for any value', () => {
    fc.assert(
      fc.property(json, (v) => {
        const data = JSON.parse(JSON.stringify(v)) as never;
        expect(parse(yamlText(data))).toEqual(data);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes plain scalars, block literals and nested collections as a person would', () => {
    expect(yamlText({ a: 'text', b: ['x', { c: 1, d: 'two\nlines\n' }], e: {}, f: [], g: '200', h: 'a: b' })).toBe(
      [
        'a: text',
        'b:',
        '  - x',
        '  - c: 1',
        '    d: |',
        '      two',
        '      lines',
        'e: {}',
        'f: []',
        'g: "200"',
        'h: "a: b"',
        '',
      ].join('\n'),
    );
  });
});
