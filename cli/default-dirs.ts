import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root } from '../generator/pipeline/root.ts';

export { root };

/**
 * Where generate, scaffold and diff look when no folder is named: ./spec and ./generated of the
 * working folder when it has a spec/ (this repository, or a user's project), else the spec that
 * ships with crmgen; output never defaults into the installation.
 */
export const defaultSpecDir = () => (existsSync(join(process.cwd(), 'spec')) ? resolve('spec') : resolve(root, 'spec'));
export const defaultGeneratedDir = (specDir: string) =>
  specDir === resolve(root, 'spec') && !existsSync(join(process.cwd(), 'spec'))
    ? resolve(root, 'generated')
    : resolve('generated');
