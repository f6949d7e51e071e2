// Emits generated/client/README.md from templates/client-readme.md.hbs: how to use the
// generated client, with the operation table built from the spec.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { Spec } from '../model.ts';
import type { GeneratedFile } from '../write.ts';

export const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));

export function clientCallName(op: Spec['operations'][number]): string {
  const where = op.scope === 'kind' ? 'contacts.' : op.scope === 'activity' ? 'contacts.activities.<segment>.' : '';
  return `crm.${where}${op.client}`;
}

export function emitClientReadme(spec: Spec): GeneratedFile[] {
  const template = Handlebars.compile(readFileSync(`${templatesDir}client-readme.md.hbs`, 'utf8'), { noEscape: true, strict: true });
  const operations = spec.operations.filter((o) => !o.multipart).map((o) => ({ call: clientCallName(o), method: o.method, path: o.path, purpose: o.purpose }));
  const paged = spec.operations.filter((o) => o.paginate).map((o) => ({ call: clientCallName(o).replace(/[a-z]+$/, 'iterate'), method: o.method, path: o.path, purpose: `Every page of: ${o.purpose}` }));
  const content = template({ ...spec, operations: [...operations, ...paged, { call: 'crm.batch()', method: spec.batch.method, path: spec.batch.path, purpose: 'Queue calls and send them as one batch.' }] });
  return [{ path: 'client/README.md', content, format: 'text' }];
}
