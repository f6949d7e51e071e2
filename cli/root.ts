import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
