import { randomUUID } from 'node:crypto';

import { registerCommand, UsageError } from '../cli/registry';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../contract';
import { InsufficientCredits, LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { UsersRepository } from '../users/users.repository';

// Operator commands of the ledger: support grants, reversals and the end-to-end check.

/** The reason as one line; refused if it holds what no free text may (it is shown in the user's ledger). */
function reasonFrom(words: string[]): string {
  const reason = words.join(' ').trim();
  if (!isSafeText(reason)) throw new UsageError(`the reason ${UNSAFE_TEXT_MESSAGE}`);
  return reason;
}

registerCommand({
  name: 'credits:grant',
  usage: '<username> <amount> "<reason>"',
  summary: 'post a support grant (negative to take credits back; refused below 0)',
  run: async ({ args, app, print }) => {
    const [username, amountText, ...reasonWords] = args;
    const amount = Number(amountText);
    const reason = reasonFrom(reasonWords);
    if (!username || !Number.isInteger(amount) || amount === 0 || !reason) {
      throw new UsageError('needs a username, a non-zero whole amount and a reason');
    }
    const nest = await app();
    const userId = await nest.get(UsersRepository, { strict: false }).findIdByUsername(username);
    if (!userId) {
      print(`no user named ${username}`);
      return 1;
    }
    try {
      const { entry } = await nest.get(LedgerService, { strict: false }).post({
        userId,
        amount,
        kind: 'grant',
        reason,
        idempotencyKey: `grant:${randomUUID()}`,
      });
      print(`granted ${amount} to ${username}: balance ${entry.balanceAfter} (entry ${entry.id})`);
    } catch (err) {
      if (!(err instanceof InsufficientCredits)) throw err;
      print(`refused: ${username} has ${err.balance} credits, ${amount} would go below 0`);
      return 1;
    }
  },
});

registerCommand({
  name: 'credits:reverse',
  usage: '<entryId> "<reason>"',
  summary: 'undo a ledger entry with a new reversing entry (once per entry)',
  run: async ({ args, app, print }) => {
    const [entryId, ...reasonWords] = args;
    const reason = reasonFrom(reasonWords);
    if (!entryId || !reason) throw new UsageError('needs an entry id and a reason');
    const ledger = (await app()).get(LedgerService, { strict: false });
    try {
      const { entry, duplicate } = await ledger.reverse(entryId, reason);
      print(
        duplicate
          ? `entry ${entryId} was already reversed by ${entry.id}`
          : `reversed ${entryId} with ${entry.id}: balance ${entry.balanceAfter}`,
      );
      return duplicate ? 1 : 0;
    } catch (err) {
      if (!(err instanceof InsufficientCredits)) throw err;
      print(`refused: reversing ${entryId} would take the balance below 0 (balance ${err.balance})`);
      return 1;
    }
  },
});

registerCommand({
  name: 'ledger:verify',
  usage: '',
  summary: 'check every account chain and cached balance; exit 1 on any problem',
  run: async ({ app, print }) => {
    const report = await (await app()).get(LedgerReadsService, { strict: false }).verify();
    for (const p of report.problems) print(`PROBLEM ${p.username ?? '(no user)'} (${p.userId}): ${p.problem}`);
    print(
      `checked ${report.accounts} account(s), ${report.entries} entr${report.entries === 1 ? 'y' : 'ies'}: ${report.problems.length ? `${report.problems.length} problem(s)` : 'ok'}`,
    );
    return report.problems.length ? 1 : 0;
  },
});
