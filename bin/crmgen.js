#!/usr/bin/env node
// crmgen runs as compiled JavaScript: `npm run build` (run by `npm install` in a checkout, through
// prepare) writes cli/*.js beside the sources; a packed crmgen ships them.
import { existsSync } from 'node:fs';

const main = new URL('../cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('crmgen: cli/main.js is missing; run `npm run build` in the crmgen checkout\n');
  process.exit(70);
}
await import(main.href);
