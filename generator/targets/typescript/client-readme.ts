// Emits generated/client/README.md from templates/client-readme.md.hbs: how to use the
// generated client, with the operation table built from the spec.
import type { Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { Handlebars, template } from '../../pipeline/templates.ts';
import { clientCallName } from './names.ts';

export function emitClientReadme(spec: Spec): GeneratedFile[] {
  const readme = template(Handlebars, 'client-readme.md.hbs', { noEscape: true, strict: true });
  const operations = spec.operations
    .filter((o) => !o.multipart)
    .map((o) => ({ call: clientCallName(o, spec.kinds[0].name), method: o.method, path: o.path, purpose: o.purpose }));
  const paged = spec.operations
    .filter((o) => o.paginate)
    .map((o) => ({
      call: clientCallName(o, spec.kinds[0].name).replace(/[a-z]+$/, 'iterate'),
      method: o.method,
      path: o.path,
      purpose: `Every page of: ${o.purpose}`,
    }));
  // The modules of resources/ that hold the operations of no record kind (client.ts).
  const rootResources = [
    ...new Set(spec.operations.filter((o) => !o.multipart && o.scope === 'global').map((o) => o.client.split('.')[0])),
  ];
  const content = readme({
    ...spec,
    rootResources,
    operations: [
      ...operations,
      ...paged,
      {
        call: 'crm.batch()',
        method: spec.batch.method,
        path: spec.batch.path,
        purpose: 'Queue calls and send them as one batch.',
      },
    ],
  });
  return [{ path: 'client/README.md', content, format: 'text' }];
}
