// The SDK languages of the reference docs: each target's docs module (light: it loads none of the
// target's emitters) writes one endpoint's example call in its language, for a tab beside the
// XML, JSON and curl ones. A new target adds its line here as well as in index.ts.
import type { Operation } from '../pipeline/model.ts';
import { typescriptDocs } from './typescript/docs.ts';
import { phpDocs } from './php/docs.ts';

/** One endpoint's example, as every language writes it: the same ids and values. */
export interface ExampleCall {
  op: Operation;
  kind: string;
  segment: string;
  /** Path ids, in path order: the record's or activity's, then a delivery's. */
  ids: number[];
  /** The kind or segment the first id belongs to (ids are typed per kind and segment). */
  idOf?: string;
  /** The activity's parent kind or segment in the hierarchy ('record': the record of `kind`). */
  parentOf?: string;
  /** The request body or the parameters, as a typed value. */
  value?: unknown;
  /** Files sent with the call (multipart/form-data). */
  files: { field: string; filename: string }[];
  /** Each record kind's singular (contacts: contact), for SDKs that name types after it. */
  singulars?: Record<string, string>;
}

export interface DocsLanguage {
  /** The tab's key (the reader's language choice) and its title. */
  tab: string;
  label: string;
  /** How the call is named in this SDK (crm.contacts.create), for the docs' search. */
  callName(op: Operation, kind: string, segment: string): string;
  /** The call in this SDK, with the label shown above it. */
  call(example: ExampleCall): { label: string; text: string };
}

export const docsLanguages: readonly DocsLanguage[] = [typescriptDocs, phpDocs];
