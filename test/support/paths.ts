import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const specDir = resolve(root, 'spec');
export const generatedDir = resolve(root, 'generated');
export const cli = resolve(root, 'bin/crmgen.js');
