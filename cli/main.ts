// crmgen command line: wires the pieces; nothing imports it. Each command loads only what it
// needs, so `crmgen --help` and `crmgen serve` never load the generator's toolchain.
const runGenerate = async (args: string[]) => (await import('./generate.ts')).runGenerate(args);

const usage = `usage:
  crmgen generate [--spec DIR] [--out DIR] [--check | --watch]
  crmgen diff OLD NEW | --git REV [NEW]   spec changes: breaking / non-breaking / docs-only (exit 1 when breaking)
               [--format text|json|markdown] [--allow-breaking] [--no-surface]
               [--bump]             release NEW: packages.version to the next major / minor / patch by the
                                    verdict, the changes on top of NEW/CHANGELOG.md (exit 0 even when breaking)
  crmgen scaffold server DIR [--spec DIR] [--generated DIR] [--name NAME]
                                    a starter server on the generated stubs; rerun after spec changes
  crmgen serve [--spec DIR] [--host 127.0.0.1] [--port 8080] [--db FILE|:memory:|postgres://...] [--user EMAIL:TOKEN[:ACCOUNT]]...
               [--quota N] [--quota-window SECONDS] [--allow-private-webhooks]
               [--login-failures N] [--login-failures-per-address N] [--login-window SECONDS]
                                    wrong credentials allowed per client address and e-mail / per address
                                    within the window before 429 (default: the spec's auth.failedLogins)
               [--cors-origin ORIGIN|'*'|none]...
                                    web pages that may call the service from a browser (CORS); default
                                    any loopback origin: http://localhost:*, http://127.0.0.1:*, http://[::1]:*
  crmgen verify --url BASE --user EMAIL:TOKEN --user EMAIL:TOKEN --other-account EMAIL:TOKEN
               [--spec DIR] [--only GROUP,...] [--format text|json|junit] [--fuzz N] [--seed N] [--webhooks HOST:PORT]
                                    the conformance suite of the spec against a running server (exit 1 on a failure)
  crmgen start                      regenerate if stale, then serve on ./data/crm.sqlite
  crmgen users add EMAIL [--name NAME] [--token TOKEN] [--account ACCOUNT] [--admin] [--db FILE]
  crmgen users list [--db FILE]
  crmgen users delete EMAIL [--db FILE]
  crmgen groups add NAME --email EMAIL [--member USERID]... [--account ACCOUNT] [--db FILE]
  crmgen groups delete ID [--account ACCOUNT] [--db FILE]
  crmgen fields add KIND --label LABEL --type text|select [--option OPTION]... [--account ACCOUNT] [--db FILE]
  crmgen restore KIND ID [--account ACCOUNT] [--db FILE]
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'generate':
      return runGenerate(rest);
    case 'diff':
      return (await import('./diff.ts')).runDiff(rest);
    case 'scaffold':
      return (await import('./scaffold.ts')).runScaffold(rest);
    case 'serve':
      return (await import('./serve.ts')).runServe(rest);
    case 'verify':
      return (await import('./verify.ts')).runVerify(rest);
    case 'start': {
      const code = await runGenerate(['--quiet']);
      return code === 0 ? (await import('./serve.ts')).runServe(rest) : code;
    }
    case 'users':
    case 'groups':
    case 'fields':
    case 'restore':
      return (await import('./admin.ts')).runAdmin(command, rest);
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(usage);
      return command ? 0 : 2;
    default:
      process.stderr.write(`crmgen: unknown command '${command}'\n${usage}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    // serve keeps running; every other command ends here.
    if (code !== -1) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof Error && err.name === 'SpecError') {
      const problems = (err as Error & { problems: unknown[] }).problems;
      process.stderr.write(`${err.message}\ncrmgen: the spec has ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
      process.exit(2);
    }
    if (err instanceof Error && 'code' in err && String((err as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`crmgen: ${err.message}\n${usage}`);
      process.exit(2);
    }
    if (err instanceof Error && err.name === 'UsageError') {
      process.stderr.write(`crmgen: ${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`crmgen: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(70);
  },
);
