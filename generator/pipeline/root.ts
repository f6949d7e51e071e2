import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The crmgen installation (this repository, or the installed package): runtime/, templates/, package.json. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** templates/ of the installation, with a trailing slash. */
export const templatesDir = `${root}/templates/`;
