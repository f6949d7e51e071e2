// crmgen command line: wires the pieces; nothing imports it. The commands and flags are defined
// once in cli/commands.ts; each command loads only what it needs, so `crmgen --help` and
// `crmgen serve` never load the generator's toolchain.
import { CommanderError } from 'commander';
import { buildProgram, type ExitCode } from './commands.ts';

let pending: Promise<ExitCode> | undefined;
const program = buildProgram((action) => {
  pending = action();
});

async function main(argv: string[]): Promise<ExitCode> {
  if (argv.length === 0) {
    process.stdout.write(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0; every usage mistake 2, with where to read more.
      if (e.exitCode === 0) return 0;
      if (e.code !== 'commander.help' && e.code !== 'commander.helpDisplayed') {
        const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
        const sub = program.commands.find((c) => c.name() === words[0]);
        const where =
          sub && sub.commands.some((c) => c.name() === words[1]) ? `${words[0]} ${words[1]}` : sub ? words[0] : '';
        process.stderr.write(`see crmgen ${where ? `${where} ` : ''}--help\n`);
      }
      return 2;
    }
    throw e;
  }
  return pending ?? 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    // serve keeps running; every other command ends here.
    if (code !== -1) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof Error && err.name === 'SpecError') {
      const problems = (err as Error & { problems: unknown[] }).problems;
      process.stderr.write(
        `${err.message}\ncrmgen: the spec has ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`,
      );
      process.exit(2);
    }
    // Another process serves the SQLite file: not a usage mistake, not a crash either.
    if (err instanceof Error && err.name === 'ServeLockError') {
      process.stderr.write(`crmgen: ${err.message}\n`);
      process.exit(1);
    }
    if (err instanceof Error && err.name === 'UsageError') {
      process.stderr.write(`crmgen: ${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`crmgen: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(70);
  },
);
