// The SDK languages of the reference docs: each target's docs module (light: it loads none of the
// target's emitters) writes one endpoint's example call in its language, for a tab beside the
// XML, JSON and curl ones. A new target adds its line here as well as in index.ts (this list stays
// apart so the docs, which may run on generate's worker thread, load no emitter).
import type { DocsLanguage } from './contract.ts';
import { typescriptDocs } from './typescript/docs-tab.ts';
import { phpDocs } from './php/docs-tab.ts';
import { pythonDocs } from './python/docs-tab.ts';

export type { DocsLanguage, ExampleCall } from './contract.ts';

export const docsLanguages: readonly DocsLanguage[] = [typescriptDocs, phpDocs, pythonDocs];
