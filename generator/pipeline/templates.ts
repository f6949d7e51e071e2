// The handlebars templates of templates/, compiled ahead: templates-precompiled.ts holds
// handlebars' precompiled code of each template a generate of the default spec compiles (by name,
// options and a hash of its text), so a cold generate neither parses nor compiles them. A template
// edited since (watch, a changed templates/) no longer matches its hash and is compiled then (only
// then does handlebars' compiler load; the emitters use its runtime).
// After editing a template, `npx tsx generator/templates-code.ts --write` rewrites the module
// (test/templates-precompiled.test.ts fails until then).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { templatesDir } from './root.ts';
import { precompiled } from './templates-precompiled.ts';

type Environment = ReturnType<typeof Handlebars.create>;

const require = createRequire(import.meta.url);

/** Handlebars' runtime (environments, helpers, escaping, precompiled templates; no compiler): use template() to compile. */
export const Handlebars = require('handlebars/runtime') as typeof import('handlebars');

export interface TemplateOptions {
  noEscape?: boolean;
  strict?: boolean;
  preventIndent?: boolean;
}

export const templateKey = (name: string, options: TemplateOptions) => `${name} ${JSON.stringify(options)}`;

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Every template compiled in this process, by key (templates-code.ts precompiles what a generate uses). */
export const used = new Map<string, { name: string; options: TemplateOptions }>();

/** templates/<name> as a template of `hb` (its helpers apply), precompiled when its text is the one compiled ahead. */
export function template(hb: Environment, name: string, options: TemplateOptions): HandlebarsTemplateDelegate {
  const text = readFileSync(templatesDir + name, 'utf8');
  const key = templateKey(name, options);
  used.set(key, { name, options });
  const ahead = precompiled[key];
  return hb.template(ahead && ahead.hash === textHash(text) ? ahead.spec : compile(text, options));
}

/** What Handlebars.compile builds for `hb`, for an environment of handlebars' runtime (which has no compiler). */
function compile(text: string, options: TemplateOptions): TemplateSpecification {
  const full = require('handlebars') as typeof Handlebars;
  return new Function(`return ${full.precompile(text, options) as unknown as string};`)() as TemplateSpecification;
}
