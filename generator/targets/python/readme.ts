// placeholder
import type { Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
export function emitReadme(_spec: Spec): GeneratedFile[] {
  return [];
}
