// Emits generated/spec.json: the IR without source positions, for code that needs
// the API's facts at run time (codecs, validators, the reference service).
import type { Spec } from '../model.ts';
import type { GeneratedFile } from '../write.ts';

export function emitRuntimeSpec(spec: Spec): GeneratedFile[] {
  const content = JSON.stringify(spec, (key, value) => (key === 'pos' ? undefined : value), 2);
  return [{ path: 'spec.json', content: `${content}\n`, format: 'json' }];
}
