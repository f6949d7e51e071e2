// The CLI's one definition (cli/commands.ts): help for the program and every command, usage
// errors with suggestions, and the README's command section kept equal to it.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram, leafCommands } from '../cli/commands.ts';
import { currentSection, readmeSection } from '../cli/readme-commands.ts';
import { cli, root } from './support/paths.ts';

const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', timeout: 20_000 });
const leaves = leafCommands(buildProgram());

describe('crmgen help', () => {
  it('crmgen --help exits 0 and names every command', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    for (const c of buildProgram().commands) expect(r.stdout).toMatch(new RegExp(`^  ${c.name()}\\b`, 'm'));
  });

  it.each(leaves.map((l) => [l.name, l.cmd.options.map((o) => o.long!)] as const))(
    'crmgen %s --help exits 0 and lists every flag',
    (name, flags) => {
      const r = run(...name.split(' '), '--help');
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`Usage: crmgen ${name}`);
      for (const f of flags) expect(r.stdout).toContain(f);
    },
  );

  it('serve --help lists the operability flags with their variables', () => {
    const r = run('serve', '--help');
    expect(r.status).toBe(0);
    for (const f of [
      '--log-format',
      '--log-bodies',
      '--metrics-token',
      '--drain-seconds',
      '--shutdown-seconds',
      '--demo',
      '--port',
      '--db',
    ])
      expect(r.stdout).toContain(f);
    for (const v of ['CRMGEN_PORT', 'CRMGEN_DB', 'CRMGEN_LOG_FORMAT', 'CRMGEN_METRICS_TOKEN'])
      expect(r.stdout).toContain(v);
  });

  it('an unknown flag is a usage error (exit 2) with a suggestion', () => {
    const r = run('serve', '--prot', '8081');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown option '--prot' (did you mean --port?)");
    expect(r.stderr).toContain('see crmgen serve --help');
    const sub = run('users', 'add', 'x@example.com', '--tokn', 't');
    expect(sub.status).toBe(2);
    expect(sub.stderr).toContain('did you mean --token?');
    expect(sub.stderr).toContain('see crmgen users add --help');
  });

  it('an unknown command is a usage error (exit 2)', () => {
    const r = run('serv');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown command 'serv' (did you mean serve?)");
  });

  it('a bad flag value keeps its precise message, exit 2', () => {
    const r = run('serve', '--log-format', 'xml');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("'xml' is invalid");
    expect(r.stderr).toContain('pretty, json, none');
  });

  it("README.md's command section is the one the CLI definition gives (node cli/readme-commands.js --write)", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(currentSection(readme)).toBe(readmeSection());
  });
});
