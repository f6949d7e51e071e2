// The docs and READMEs render templates/ with handlebars code compiled ahead (generator/templates.ts);
// this fails when a template changed and generator/templates-precompiled.ts was not written again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { precompiledFile, precompiledModule } from '../generator/pipeline/templates-code.ts';
import { Handlebars, template } from '../generator/pipeline/templates.ts';
import { templatesDir } from '../generator/pipeline/root.ts';

describe('the precompiled templates', { timeout: 120_000 }, () => {
  // First: precompiledModule lists the templates compiled in this process so far.
  it('are what handlebars compiles from templates/ now (else run `npx tsx generator/templates-code.ts --write`)', () => {
    expect(readFileSync(precompiledFile, 'utf8') === precompiledModule()).toBe(true);
  });

  it('give way to handlebars compile for a template or options not compiled ahead', () => {
    const full = createRequire(import.meta.url)('handlebars') as typeof Handlebars;
    const name = 'docs/text/batch-rules.hbs';
    const context = {
      b: { contentType: 'type-a', partContentType: 'type-b', lineEnding: 'ending-c', outerStatus: 'status-d' },
    };
    const hb = Handlebars.create();
    const rendered = template(hb, name, { noEscape: true, strict: false, preventIndent: true })(context);
    expect(rendered).toBe(
      full.compile(readFileSync(templatesDir + name, 'utf8'), { noEscape: true, strict: false, preventIndent: true })(
        context,
      ),
    );
    expect(rendered).toContain('each part is type-b');
  });
});
