// placeholder
import type { Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
export function emitPythonTests(_spec: Spec): GeneratedFile[] {
  return [];
}
