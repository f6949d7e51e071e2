// Generator scenarios (test/scenarios/*.md): a few lines of spec on top of a small base spec, and
// the exact snippet each emitter family must write for them. RECORD=1 rewrites the snippets.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { readScenario, scenarioFiles, scenarioOutput, snippet } from './support/scenarios.ts';

const record = process.env.RECORD === '1';
const scenarios = scenarioFiles().map(readScenario);

describe.each(scenarios.map((s) => [s.name, s] as const))('scenario %s', (_name, scenario) => {
  let output: ReturnType<typeof scenarioOutput> | undefined;
  const generated = () => (output ??= scenarioOutput(scenario.spec));
  const actual = new Map<number, string>();

  it('pins at least one snippet', () => expect(scenario.expectations.length).toBeGreaterThan(0));

  it.each(scenario.expectations.map((e, i) => [`${e.path} ${e.selector}`.trim(), i] as const))(
    '%s',
    async (_label, i) => {
      const e = scenario.expectations[i]!;
      const file = generated()(e.path);
      expect(file, `${e.path} is not generated`).toBeDefined();
      const text = await snippet(file!, e.selector);
      expect(text, `${e.path} has nothing selected by '${e.selector}'`).toBeDefined();
      expect(
        text!.split('\n'),
        `the snippet holds a line ${e.fence}: open its block with more backticks`,
      ).not.toContain(e.fence);
      actual.set(i, text!);
      if (record && actual.size === scenario.expectations.length) rewrite();
      if (!record) expect(text).toBe(e.expected);
    },
  );

  // Every block is replaced at once, from the last, so the offsets read stay right.
  function rewrite() {
    let text = scenario.text;
    for (const [i, e] of [...scenario.expectations.entries()].reverse())
      text = text.slice(0, e.start) + actual.get(i)! + text.slice(e.end);
    writeFileSync(scenario.file, text);
  }
});
