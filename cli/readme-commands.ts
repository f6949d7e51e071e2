// The README's command section comes from the CLI definition (cli/commands.ts):
// `node cli/readme-commands.js` prints it, `node cli/readme-commands.js --write` puts it into README.md between the
// markers. test/cli-help.test.ts fails when README.md and the definition disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram, commandReference } from './commands.ts';
import { root } from './default-dirs.ts';

export const readmeMarkers = {
  start: '<!-- commands: generated from cli/commands.ts by `node cli/readme-commands.js --write` -->',
  end: '<!-- end of commands -->',
};

/** The section as README.md holds it, markers included. */
export function readmeSection(): string {
  return `${readmeMarkers.start}\n\n\`\`\`text\n${commandReference(buildProgram())}\n\`\`\`\n\n${readmeMarkers.end}`;
}

/** README.md's current section, markers included, or undefined when the markers are missing. */
export function currentSection(readme: string): string | undefined {
  const a = readme.indexOf(readmeMarkers.start);
  const b = readme.indexOf(readmeMarkers.end);
  return a < 0 || b < a ? undefined : readme.slice(a, b + readmeMarkers.end.length);
}

if (process.argv[1] && /readme\.[jt]s$/.test(process.argv[1])) {
  const file = join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const now = currentSection(readme);
  if (process.argv.includes('--write')) {
    if (now === undefined) throw new Error(`README.md has no ${readmeMarkers.start} ... ${readmeMarkers.end} section`);
    writeFileSync(file, readme.replace(now, readmeSection()));
  } else process.stdout.write(`${readmeSection()}\n`);
}
