import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { specDir } from './paths.ts';

/** The real spec's files as a name -> text map, with some files replaced. */
export function specFiles(overrides: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(specDir).filter((n) => n.endsWith('.yaml')))
    files[name] = readFileSync(join(specDir, name), 'utf8');
  return { ...files, ...overrides };
}
