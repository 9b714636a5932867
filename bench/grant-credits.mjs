// Child process of the load bench (bench/load.mjs): posts an operator's grant to each user named on
// stdin ({ amount, reason, grants: [{ userId, idempotencyKey }] }) through LedgerService, in the built
// app booted on this process's environment (the bench server's database and Redis prefix). The CLI's
// credits:grant does the same for one user per boot; a boot per user would take minutes for the
// load's hundreds of users. A child, not the bench process: the app reads its configuration once per
// process, and the bench process may already hold an app on another database (ledger, queue).
import { text } from 'node:stream/consumers';

import { startContext } from './in-process.mjs';
import { timedPool } from './lib.mjs';

const request = JSON.parse(await text(process.stdin));
const ctx = await startContext(process.env, { workers: false });
try {
  await timedPool(request.grants.length, 10, (i) => {
    const { userId, idempotencyKey } = request.grants[i];
    return ctx.ledger.post({ userId, amount: request.amount, kind: 'grant', reason: request.reason, idempotencyKey });
  });
} finally {
  await ctx.close();
}
// Explicit exit: a Redis or Mongo socket still closing must not keep the bench waiting.
process.exit(0);
