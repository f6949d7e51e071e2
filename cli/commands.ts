// Every crmgen command and flag, once, on commander: `crmgen --help`, `crmgen COMMAND --help`,
// unknown-flag suggestions and the README's command section (cli/readme-commands.ts) all come from here.
// Actions load their implementation on use, so `--help` and `serve` never load the generator.
// A new command is one registration function added to `registrations`.
import { Command, Option } from 'commander';
import type { ServeValues } from './serve.ts';

/** What an action returns: the exit code, or -1 for a command that keeps running (serve). */
export type ExitCode = number;
type Values = Record<string, unknown>;

/** Collects a repeatable flag's values. */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function serveOptions(cmd: Command): Command {
  const env = (o: Option, name: string) => o.env(`CRMGEN_${name}`);
  const opts: Option[] = [
    env(new Option('--spec <DIR>', 'serve the API of this spec folder (generated into a cache folder)'), 'SPEC'),
    env(new Option('--host <HOST>', 'address to listen on').default('127.0.0.1'), 'HOST'),
    env(new Option('--port <PORT>', 'port to listen on (0: any free port)').default('8080'), 'PORT'),
    env(
      new Option(
        '--db <FILE|:memory:|postgres://...>',
        'SQLite file, :memory: or a PostgreSQL URL (default: $DATABASE_URL, else ./data/crm.sqlite)',
      ),
      'DB',
    ),
    env(
      new Option('--db-connect-timeout-ms <MS>', 'PostgreSQL: how long opening a connection may take (default 3000)'),
      'DB_CONNECT_TIMEOUT_MS',
    ),
    env(
      new Option(
        '--db-acquire-timeout-ms <MS>',
        'PostgreSQL: how long a call waits for a free pooled connection (default 3000)',
      ),
      'DB_ACQUIRE_TIMEOUT_MS',
    ),
    env(
      new Option(
        '--db-statement-timeout-ms <MS>',
        "PostgreSQL: how long a call's statements may take; past it 503 (default 5000)",
      ),
      'DB_STATEMENT_TIMEOUT_MS',
    ),
    env(
      new Option(
        '--user <EMAIL:TOKEN[:ACCOUNT]>',
        'a user that must exist (repeatable; in the variable: comma-separated)',
      ).argParser(collect),
      'USER',
    ),
    env(new Option('--quota <N>', "calls allowed per user and window (default: the spec's)"), 'QUOTA'),
    env(new Option('--quota-window <SECONDS>', "the quota window (default: the spec's)"), 'QUOTA_WINDOW'),
    env(
      new Option('--allow-private-webhooks', 'accept hooks on private and loopback addresses (development, tests)'),
      'ALLOW_PRIVATE_WEBHOOKS',
    ),
    env(
      new Option(
        '--webhook-retry-ms <MS>',
        'first retry delay of a failed delivery; doubles each retry (default 1000)',
      ),
      'WEBHOOK_RETRY_MS',
    ),
    env(
      new Option('--webhook-lease-ms <MS>', 'how long a claimed delivery stays with this instance (default 30000)'),
      'WEBHOOK_LEASE_MS',
    ),
    env(
      new Option(
        '--webhook-disable-after <N>',
        'disable a hook after N notifications in a row failed after every retry (default 10; 0: never)',
      ),
      'WEBHOOK_DISABLE_AFTER',
    ),
    env(
      new Option(
        '--webhook-resolve <HOST=ADDRESS[,ADDRESS]>',
        "answer HOST with ADDRESS instead of DNS, as curl's --resolve (repeatable; HOST * answers every other name)",
      ).argParser(collect),
      'WEBHOOK_RESOLVE',
    ),
    env(
      new Option(
        '--outbox-only',
        'write notifications to the outbox but deliver none (another process delivers; tests)',
      ),
      'OUTBOX_ONLY',
    ),
    env(
      new Option(
        '--login-failures <N>',
        'wrong credentials allowed per client address and e-mail within the window before 429',
      ),
      'LOGIN_FAILURES',
    ),
    env(
      new Option('--login-failures-per-address <N>', 'wrong credentials allowed per client address within the window'),
      'LOGIN_FAILURES_PER_ADDRESS',
    ),
    env(
      new Option('--login-window <SECONDS>', "the failed-login window (default: the spec's auth.failedLogins)"),
      'LOGIN_WINDOW',
    ),
    env(
      new Option(
        '--cors-origin <ORIGIN>',
        "browser origin that may call the service, '*' or none (repeatable; default any loopback origin)",
      ).argParser(collect),
      'CORS_ORIGIN',
    ),
    env(
      new Option(
        '--max-connections <N>',
        "open connections past this get 503 with Retry-After (default: the spec's limits.maxConnections)",
      ),
      'MAX_CONNECTIONS',
    ),
    env(
      new Option(
        '--max-inflight-bytes <N>',
        "request bytes being received at once, all clients (default: the spec's limits.maxInFlightBytes)",
      ),
      'MAX_INFLIGHT_BYTES',
    ),
    env(
      new Option(
        '--max-inflight-bytes-per-address <N>',
        "... from one client address (default: the spec's limits.maxInFlightBytesPerAddress)",
      ),
      'MAX_INFLIGHT_BYTES_PER_ADDRESS',
    ),
    env(
      new Option(
        '--log-format <FORMAT>',
        'request log on stderr: pretty (default on a terminal), json (default otherwise) or none',
      ).choices(['pretty', 'json', 'none']),
      'LOG_FORMAT',
    ),
    env(
      new Option('--log-bodies', 'log request and response bodies too (credentials and hook secrets redacted)'),
      'LOG_BODIES',
    ),
    env(
      new Option('--metrics-token <TOKEN>', '/metrics answers only with Authorization: Bearer TOKEN (default: open)'),
      'METRICS_TOKEN',
    ),
    env(
      new Option('--drain-seconds <N>', 'on SIGTERM, /readyz answers 503 this long before the listener closes').default(
        '0',
      ),
      'DRAIN_SECONDS',
    ),
    env(
      new Option('--shutdown-seconds <N>', 'on SIGTERM, how long in-flight requests and deliveries may take').default(
        '10',
      ),
      'SHUTDOWN_SECONDS',
    ),
    env(
      new Option(
        '--demo',
        'on a new database, seed a demo account (contacts, companies, activities, an inactive hook)',
      ),
      'DEMO',
    ),
  ];
  for (const o of opts) cmd.addOption(o);
  return cmd;
}

/** Option values with the serve flags' environment variables read as a person means them. */
export function valuesOf(cmd: Command): Values {
  const values: Values = { ...cmd.opts() };
  for (const o of cmd.options) {
    const key = o.attributeName();
    if (cmd.getOptionValueSource(key) !== 'env') continue;
    const raw = o.envVar ? process.env[o.envVar] : undefined;
    // A boolean flag's variable switches it on unless it says otherwise (CRMGEN_DEMO=0).
    if (o.isBoolean()) values[key] = !/^(|0|false|no|off)$/i.test(raw ?? '');
    // A repeatable flag's variable holds a comma-separated list.
    else if (Array.isArray(values[key]))
      values[key] = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  return values;
}

type Register = (program: Command, run: (action: () => Promise<ExitCode>) => void) => void;

const generate: Register = (program, run) => {
  program
    .command('generate')
    .description('regenerate generated/ from the spec; writes only files whose bytes changed')
    .option('--spec <DIR>', 'spec folder (default ./spec, else the spec that ships with crmgen)')
    .option('--out <DIR>', 'output folder (default ./generated)')
    .option('--check', 'write nothing; exit 1 and a unified diff when generated/ is stale')
    .option('--watch', 'regenerate on every change under the spec folder and templates/')
    .option('--quiet', 'print nothing when all is well')
    .action(function (this: Command) {
      run(async () => (await import('./generate-command.ts')).runGenerate(this.opts()));
    });
};

const diff: Register = (program, run) => {
  program
    .command('diff')
    .description(
      'spec changes between OLD and NEW (or a git revision): breaking / non-breaking / docs-only; exit 1 when breaking',
    )
    .argument('[OLD]', 'the old spec folder')
    .argument('[NEW]', 'the new spec folder (with --git: default ./spec)')
    .option('--git <REV>', 'OLD is the spec folder at this git revision')
    .addOption(new Option('--format <FORMAT>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--allow-breaking', 'exit 0 even when breaking')
    .option('--no-surface', 'skip the cross-check against the generated API surface')
    .option('--bump', 'release NEW: packages.version by the verdict, the changes on top of NEW/CHANGELOG.md')
    .action(function (this: Command) {
      run(async () => (await import('./diff.ts')).runDiff(this.opts(), this.args));
    });
};

const scaffold: Register = (program, run) => {
  program
    .command('scaffold')
    .description('write (or bring up to date) a standalone starter server on the generated stubs')
    .argument('<WHAT>', 'server')
    .argument('<DIR>', 'the project folder')
    .option('--spec <DIR>', 'spec folder')
    .option('--generated <DIR>', 'generated folder holding the server package')
    .option('--name <NAME>', 'package name of the project')
    .option('--quiet', 'print nothing when all is well')
    .action(function (this: Command) {
      run(async () => (await import('./scaffold.ts')).runScaffold(this.opts(), this.args));
    });
};

const serve: Register = (program, run) => {
  const cmd = program
    .command('serve')
    .description('serve the API (reference service) on SQLite or PostgreSQL; every flag also as CRMGEN_* (flags win)');
  serveOptions(cmd).action(function (this: Command) {
    run(async () => (await import('./serve.ts')).runServe(valuesOf(this) as ServeValues));
  });
  const start = program
    .command('start')
    .description('regenerate if stale, then serve on ./data/crm.sqlite; a new database gets the demo account');
  serveOptions(start).action(function (this: Command) {
    run(async () => {
      const code = await (await import('./generate-command.ts')).runGenerate({ quiet: true });
      const values = valuesOf(this) as ServeValues;
      // --demo is the default here, so a first `npm start` shows data (CRMGEN_DEMO=0 turns it off).
      return code === 0
        ? (await import('./serve.ts')).runServe({
            ...values,
            demo: this.getOptionValueSource('demo') === undefined ? true : values.demo,
          })
        : code;
    });
  });
};

const admin: Register = (program, run) => {
  const db = () =>
    new Option('--db <FILE|postgres://...>', 'database (default: $DATABASE_URL, else ./data/crm.sqlite)');
  const account = () => new Option('--account <ACCOUNT>', 'account name').default('default');
  const act = (command: string, sub: string) =>
    function (this: Command) {
      run(async () => (await import('./admin.ts')).runAdmin(command, sub, this.opts(), this.args));
    };
  const users = program
    .command('users')
    .description('users and their API tokens (administrator actions the API does not offer)');
  users
    .command('add')
    .description('add a user; prints its API token (shown once: only its hash is stored)')
    .argument('<EMAIL>')
    .option('--name <NAME>', 'display name')
    .option('--token <TOKEN>', 'API token (default: random)')
    .addOption(account())
    .option('--admin', 'an administrator')
    .addOption(db())
    .action(act('users', 'add'));
  users
    .command('list')
    .description('every user with its account (never a token)')
    .addOption(db())
    .action(act('users', 'list'));
  users
    .command('token')
    .description('give a user a new API token (printed once); the old one stops working')
    .argument('<EMAIL>')
    .option('--token <TOKEN>', 'the new token (default: random)')
    .addOption(db())
    .action(act('users', 'token'));
  users
    .command('delete')
    .description("revoke a user's API token for good")
    .argument('<EMAIL>')
    .addOption(db())
    .action(act('users', 'delete'));
  const groups = program.command('groups').description('workgroups');
  groups
    .command('add')
    .description('add a workgroup')
    .argument('<NAME>')
    .requiredOption('--email <EMAIL>', "the group's e-mail address")
    .option('--member <USERID>', 'a member (repeatable)', collect)
    .addOption(account())
    .addOption(db())
    .action(act('groups', 'add'));
  groups
    .command('delete')
    .description('delete a workgroup')
    .argument('<ID>')
    .addOption(account())
    .addOption(db())
    .action(act('groups', 'delete'));
  const fields = program.command('fields').description('custom fields');
  fields
    .command('add')
    .description('add a custom field to a record kind')
    .argument('<KIND>')
    .requiredOption('--label <LABEL>', 'the label')
    .addOption(
      new Option('--type <TYPE>', "field type, one of the spec's customFields.types (text, select)").default('text'),
    )
    .option('--option <OPTION>', 'a choice of a select field (repeatable)', collect)
    .addOption(account())
    .addOption(db())
    .action(act('fields', 'add'));
  program
    .command('restore')
    .description('bring a deleted record or activity back from the trash')
    .argument('<KIND|SEGMENT>', 'a record kind or an activity segment')
    .argument('<ID>')
    .addOption(account())
    .addOption(db())
    .action(act('restore', ''));
};

const hooks: Register = (program, run) => {
  const db = () =>
    new Option('--db <FILE|postgres://...>', 'database (default: $DATABASE_URL, else ./data/crm.sqlite)');
  const act = (sub: 'deliveries' | 'redeliver' | 'failures') =>
    function (this: Command) {
      run(async () => (await import('./hook-deliveries.ts')).runHooks(sub, this.opts(), this.args));
    };
  const cmd = program
    .command('hooks')
    .description('webhook deliveries (administrator actions beside GET /hooks/{id}/deliveries)');
  cmd
    .command('deliveries')
    .description('recent delivery attempts of a hook')
    .argument('<HOOKID>')
    .option('--limit <N>', 'at most this many (default 100)')
    .option('--account <ACCOUNT>', 'account name (default: default)')
    .addOption(db())
    .action(act('deliveries'));
  cmd
    .command('redeliver')
    .description('queue a notification again; the running service sends it')
    .argument('<HOOKID>')
    .argument('<DELIVERYID>')
    .option('--account <ACCOUNT>', 'account name (default: default)')
    .addOption(db())
    .action(act('redeliver'));
  cmd
    .command('failures')
    .description('deliveries that failed after every retry')
    .option('--account <ACCOUNT>', 'account name (default: every account)')
    .option('--limit <N>', 'at most this many (default 100)')
    .addOption(db())
    .action(act('failures'));
};

const verify: Register = (program, run) => {
  program
    .command('verify')
    .description('the conformance suite generated from the spec, run against a live server; exit 1 when a check fails')
    .option('--url <BASE>', 'the server (http://HOST:PORT)')
    .option('--user <EMAIL:TOKEN>', 'a user of the account the suite works in (give two)', collect)
    .option('--other-account <EMAIL:TOKEN>', 'a user of another account (tenant isolation)')
    .option('--spec <DIR>', 'spec folder the checks come from (default ./spec)')
    .option(
      '--only <GROUP,...>',
      'only these check groups: operations, values, ranges, required, createonly, hierarchy, list, reports, batch, auth, isolation, jsonp, webhooks, fuzz',
    )
    .addOption(new Option('--format <FORMAT>', 'report format').choices(['text', 'json', 'junit']).default('text'))
    .option('--fuzz <N>', 'this many schema-generated requests, valid and near-valid (seeded)', '0')
    .option('--seed <N>', 'seed of the fuzz run (to replay a failure)', '1')
    .option('--webhooks <HOST:PORT>', 'receive notifications here (loopback only) and check them')
    .action(function (this: Command) {
      run(async () => (await import('./verify.ts')).runVerify(this.opts()));
    });
};

/** Every command, in the order `crmgen --help` lists them. */
export const registrations: Register[] = [generate, diff, scaffold, serve, admin, hooks, verify];

export function buildProgram(run: (action: () => Promise<ExitCode>) => void = () => undefined): Command {
  const program = new Command('crmgen')
    .description('Code generator and reference service for the CRM service API')
    .usage('COMMAND [options]')
    .showSuggestionAfterError(true)
    .helpCommand(true)
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false })
    // Set before the commands are added: subcommands copy these settings when created.
    .exitOverride()
    .configureOutput({
      // Usage errors read as crmgen's own: `crmgen: Unknown option '--chek' (did you mean --check?)`.
      outputError: (text, write) => {
        const [first = '', ...rest] = text
          .trim()
          .replace(/^error: /, '')
          .split('\n');
        const hint = rest
          .map((l) => l.trim().replace(/^\((.*)\)$/, '$1'))
          .filter(Boolean)
          .map((l) => l.charAt(0).toLowerCase() + l.slice(1));
        write(
          `crmgen: ${first.charAt(0).toUpperCase()}${first.slice(1)}${hint.length ? ` (${hint.join('; ')})` : ''}\n`,
        );
      },
    });
  for (const r of registrations) r(program, run);
  program.addHelpText(
    'after',
    `
Examples:
  crmgen generate --check        exit 1 and a diff when generated/ is stale
  crmgen serve --demo            the API on ./data/crm.sqlite, a demo account on a new database
  crmgen serve --help            every serve flag and its CRMGEN_* variable`,
  );
  return program;
}

/** The leaf commands with their full names (`users add`), for the README reference. */
export function leafCommands(program: Command, prefix = ''): { name: string; cmd: Command }[] {
  return program.commands.flatMap((c) => {
    const name = `${prefix}${c.name()}`;
    return c.commands.length ? leafCommands(c, `${name} `) : [{ name, cmd: c }];
  });
}

/** The README's command section: every command with its arguments and every flag. */
export function commandReference(program: Command): string {
  const out: string[] = [];
  for (const { name, cmd } of leafCommands(program)) {
    const args = cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`)).join(' ');
    out.push(`crmgen ${name}${args ? ` ${args}` : ''}`.trimEnd() + `   # ${cmd.description()}`);
    for (const o of cmd.options) {
      const extra = [
        o.defaultValue !== undefined && o.defaultValue !== false
          ? `default ${Array.isArray(o.defaultValue) ? o.defaultValue.join(',') : String(o.defaultValue)}`
          : '',
        o.envVar ? `env ${o.envVar}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      out.push(
        `    ${o.flags}${o.argChoices ? ` (${o.argChoices.join('|')})` : ''}   ${o.description}${extra ? ` [${extra}]` : ''}`,
      );
    }
  }
  return out.join('\n');
}
