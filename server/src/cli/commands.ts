import '../credits/credits.cli';
import '../queue/queue.cli';

import { UsersRepository } from '../users/users.repository';
import { listCommands, registerCommand, UsageError } from './registry';
import { printTable } from './table';

// Built-in commands. Later domains add theirs (credits:grant, credits:reverse, ledger:verify, jobs:*) in
// their own `*.cli.ts` files, imported above so the CLI entry sees them.

registerCommand({
  name: 'help',
  usage: '',
  summary: 'list the commands',
  run: ({ print }) => {
    print('usage: npm run cli -- <command> [arguments]');
    print();
    const commands = listCommands();
    const width = Math.max(...commands.map((c) => `${c.name} ${c.usage}`.trim().length));
    for (const c of commands) print(`  ${`${c.name} ${c.usage}`.trim().padEnd(width)}  ${c.summary}`);
  },
});

registerCommand({
  name: 'users:list',
  usage: '[--limit N]',
  summary: 'members, oldest first: username, id, sweatCredits',
  run: async ({ args, app, print }) => {
    const limit = parseLimit(args);
    const rows = await (await app()).get(UsersRepository, { strict: false }).listOldestFirst(limit);
    printTable(
      print,
      ['USERNAME', 'ID', 'SWEAT_CREDITS'],
      rows.map((u) => [u.username, u.id, String(u.sweatCredits)]),
    );
    print(`${rows.length} user(s)${rows.length === limit ? ` (first ${limit}; use --limit)` : ''}`);
  },
});

function parseLimit(args: string[]): number {
  const i = args.indexOf('--limit');
  if (i === -1) return 100;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1) throw new UsageError('--limit needs a positive whole number');
  return n;
}
