// Administrator actions the API does not offer (section 1, rule 2): users, groups, custom
// fields, and restoring from the trash.
import { dbOption, openDb, UsageError } from './db.ts';
import { spec } from '../server/facts.ts';
import { createReferenceService } from '../server/reference-service.ts';
import { startWebhooks } from '../server/webhooks.ts';
import { restoreActivity } from '../server/activities.ts';
import { restoreRecord } from '../server/records.ts';
import { ServiceError } from '../generated/server/dist/index.js';
import { hashToken, newToken } from '../server/tokens.ts';

/** The flags of every administrator command, as cli/commands.ts parsed them. */
export interface AdminValues {
  db?: string;
  account?: string;
  name?: string;
  token?: string;
  admin?: boolean;
  email?: string;
  member?: string[];
  label?: string;
  type?: string;
  option?: string[];
}

export async function runAdmin(
  command: string,
  sub: string,
  values: AdminValues,
  positionals: string[],
): Promise<number> {
  const key = `${command} ${sub}`.trim();
  switch (key) {
    case 'users add': {
      const email = positionals[0]?.toLowerCase();
      if (!email || !email.includes('@')) throw new UsageError('users add expects an e-mail address');
      const token = values.token ?? newToken();
      const storage = await openDb(dbOption(values.db));
      try {
        const user = await storage.transaction(async (tx) => {
          if (await tx.findUserByEmail(email)) throw new UsageError(`a user ${email} exists already`);
          const account = await tx.ensureAccount(values.account ?? 'default');
          return tx.addUser({
            accountId: account.id,
            email,
            name: values.name ?? email.split('@')[0],
            tokenHash: hashToken(token),
            preventlogin: 0,
            preventprivatedata: 0,
            administrator: values.admin ? 1 : 0,
          });
        });
        // Shown this once: only its hash is stored (crmgen users token EMAIL makes a new one).
        console.log(`user ${user.id} ${user.email} in account ${values.account}; API token: ${token}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'users list': {
      const storage = await openDb(dbOption(values.db));
      try {
        const rows = await storage.transaction(async (tx) => {
          const out: string[] = [];
          for (let accountId = 1; ; accountId++) {
            const account = await tx.getAccount(accountId);
            if (!account) break;
            for (const u of await tx.listUsers(accountId, true))
              out.push(`${u.id}\t${u.email}\t${account.name}${u.deleted ? '\tdeleted' : ''}`);
          }
          return out;
        });
        // No token column: only hashes are stored (a lost token: crmgen users token EMAIL).
        console.log(['id\temail\taccount', ...rows].join('\n'));
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'users token': {
      // A new token for a user; the old one stops working at once (logins are cached by version).
      const email = positionals[0]?.toLowerCase();
      if (!email || !email.includes('@')) throw new UsageError('users token expects an e-mail address');
      const token = values.token ?? newToken();
      const storage = await openDb(dbOption(values.db));
      try {
        const user = await storage.transaction(async (tx) => {
          const found = await tx.findUserByEmail(email);
          if (!found || found.deleted !== null) throw new UsageError(`no user ${email}`);
          await tx.setUserTokenHash(found.accountId, found.id, hashToken(token));
          return found;
        });
        console.log(`user ${user.id} ${user.email}; new API token: ${token}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'users delete': {
      // Revokes a user's API token for good (the user no longer authenticates); GET /ownership/?deleted=1 still lists it.
      const email = positionals[0]?.toLowerCase();
      if (!email || !email.includes('@')) throw new UsageError('users delete expects an e-mail address');
      const storage = await openDb(dbOption(values.db));
      try {
        const user = await storage.transaction(async (tx) => {
          const found = await tx.findUserByEmail(email);
          if (!found || found.deleted !== null) throw new UsageError(`no user ${email}`);
          await tx.setUserDeleted(found.accountId, found.id, Date.now());
          return found;
        });
        console.log(`deleted user ${user.id} ${user.email}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'groups delete': {
      const id = Number(positionals[0]);
      if (!Number.isInteger(id)) throw new UsageError('groups delete expects a group id');
      const storage = await openDb(dbOption(values.db));
      try {
        await storage.transaction(async (tx) => {
          const account = await tx.ensureAccount(values.account ?? 'default');
          const live = await tx.listGroups(account.id, false);
          if (!live.some((g) => g.id === id) || !(await tx.setGroupDeleted(account.id, id, Date.now())))
            throw new UsageError(`no group ${id} in account ${values.account}`);
        });
        console.log(`deleted group ${id}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'groups add': {
      const name = positionals[0];
      if (!name || !values.email) throw new UsageError('groups add expects NAME --email EMAIL');
      const storage = await openDb(dbOption(values.db));
      try {
        const group = await storage.transaction(async (tx) => {
          const account = await tx.ensureAccount(values.account ?? 'default');
          return tx.addGroup({
            accountId: account.id,
            name,
            email: values.email!,
            members: (values.member ?? []).map(Number),
          });
        });
        console.log(`group ${group.id} ${group.name}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'fields add': {
      const kind = positionals[0];
      if (!spec.kinds.some((k) => k.name === kind))
        throw new UsageError(`fields add expects a kind: ${spec.kinds.map((k) => k.name).join(', ')}`);
      if (!values.label) throw new UsageError('fields add needs --label');
      if (!spec.customFields.types.includes(values.type ?? 'text'))
        throw new UsageError(`--type must be one of ${spec.customFields.types.join(', ')}`);
      const storage = await openDb(dbOption(values.db));
      try {
        const def = await storage.transaction(async (tx) => {
          const account = await tx.ensureAccount(values.account ?? 'default');
          return tx.insertFieldDef({
            accountId: account.id,
            kind: kind!,
            label: values.label!,
            type: values.type ?? 'text',
            options: values.option ?? [],
            categories: [],
          });
        });
        console.log(`field ${def.id} ${def.name} (${def.label}) on ${kind}`);
      } finally {
        await storage.close();
      }
      return 0;
    }
    case 'restore': {
      const [kindOrSegment, idText] = positionals;
      const id = Number(idText);
      if (!kindOrSegment || !Number.isInteger(id))
        throw new UsageError('restore expects KIND ID (a record kind or an activity segment, and its id)');
      const storage = await openDb(dbOption(values.db));
      const webhooks = startWebhooks({
        storage,
        allowPrivate: true,
        log: (l: string) => process.stderr.write(`${l}\n`),
        deliver: false,
      });
      try {
        const service = createReferenceService({ storage, onCommit: webhooks.enqueue });
        const principal = await storage.transaction(async (tx) => {
          const account = await tx.ensureAccount(values.account ?? 'default');
          const admin = (await tx.listUsers(account.id, false)).sort((a, b) => b.administrator - a.administrator)[0];
          if (!admin) throw new UsageError(`account ${values.account} has no user`);
          return { user: admin, accountId: account.id };
        });
        const what = await service
          .asCaller(principal, async (tx, caller) => {
            if (spec.kinds.some((k) => k.name === kindOrSegment))
              return `record ${(await restoreRecord(tx, caller, kindOrSegment, id)).id}`;
            if (spec.activities.some((a) => a.segment === kindOrSegment))
              return `activity ${(await restoreActivity(tx, caller, kindOrSegment, id)).id}`;
            throw new UsageError(`restore: '${kindOrSegment}' is neither a record kind nor an activity segment`);
          })
          .catch((e: unknown) => {
            // Nothing deleted by that id is a mistake in the command, not a fault of crmgen.
            throw e instanceof ServiceError ? new UsageError(`restore: ${e.message}`) : e;
          });
        console.log(`restored ${what}`);
      } finally {
        await webhooks.stop();
        await storage.close();
      }
      return 0;
    }
    default:
      throw new UsageError(`unknown command '${key}'; see crmgen --help`);
  }
}
