// The baseline of the service bench's "path" rows: a bare node:http server that does a show's and
// a create's own work, as the reference service's handlers do it (the same storage, transaction,
// webhook outbox check and owner names), and answers with fixed bytes. What it leaves out is the
// path from socket to handler and back: admission, authentication, quota, request decoding and
// validation, the answer's encoding and headers, the request pipeline. So the service's time over
// this one's is that path's cost (the "service overhead"), with the storage's work on both
// sides. Run by bench/service.bench.ts as a child: DB (a new database: it adds the user EMAIL), EMAIL, GET_BODY and POST_BODY (base64) in
// its environment; prints "listening on http://127.0.0.1:PORT".
import { createServer } from 'node:http';
import { openStorage } from '../server/storage/open.ts';
import { createReferenceService, type Principal } from '../server/reference-service.ts';
import * as records from '../server/records.ts';
import { ownerNameLookup } from '../server/owners.ts';
import { startWebhooks } from '../server/webhooks.ts';
import type { Caller } from '../server/context.ts';
import { hashToken } from '../server/tokens.ts';

const storage = await openStorage(process.env.DB!);
const email = process.env.EMAIL!;
const user = await storage.transaction(async (tx) => {
  const account = await tx.ensureAccount('default');
  return (
    (await tx.findUserByEmail(email)) ??
    tx.addUser({
      accountId: account.id,
      email,
      name: 'bench',
      tokenHash: hashToken('unused'),
      preventlogin: 0,
      preventprivatedata: 0,
      administrator: 1,
    })
  );
});
const principal: Principal = { user, accountId: user.accountId };
// The outbox check every committed change makes (the bench's account has no hooks, as the service's).
const webhooks = startWebhooks({ storage, log: () => {}, allowPrivate: false, deliver: false });
const service = createReferenceService({ storage, onCommit: webhooks.enqueue, failedLogins: false });
const get = Buffer.from(process.env.GET_BODY!, 'base64');
const post = Buffer.from(process.env.POST_BODY!, 'base64');

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const done = (status: number, type: string, body: Buffer) => {
      res.writeHead(status, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    };
    const failed = (e: unknown) => done(500, 'text/plain', Buffer.from(String(e)));
    if (req.method === 'POST') {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Parameters<typeof records.createRecord>[3];
      service
        .asCaller(principal, async (tx, c) => {
          const created = await records.createRecord(tx, c, 'contacts', body);
          // The create's echo names owners: the service reads the names in its transaction too.
          await ownerNameLookup(tx, c.accountId);
          return created;
        })
        .then(() => done(201, 'application/json; charset=utf-8', post), failed);
    } else {
      const id = Number(/\/(\d+)\//.exec(req.url ?? '')?.[1]);
      storage
        .read(async (tx) => {
          const caller: Caller = { user, accountId: user.accountId, now: Date.now, events: [] };
          const shown = await records.showRecord(tx, caller, 'contacts', id);
          // The service reads the owners' names in the show's transaction too.
          await ownerNameLookup(tx, user.accountId);
          return shown;
        })
        .then(() => done(200, 'application/xml; charset=utf-8', get), failed);
    }
  });
}).listen(0, '127.0.0.1', function (this: import('node:net').Server) {
  console.log(`listening on http://127.0.0.1:${(this.address() as import('node:net').AddressInfo).port}`);
});
