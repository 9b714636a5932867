import 'reflect-metadata';
import './cli/commands';

import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { AppModule } from './app.module';
import { Command, CommandContext, findCommand, UsageError } from './cli/registry';

/**
 * Operator commands: `npm run cli -- <command> [arguments]` (or `node server/dist/cli.js ...`).
 * Same configuration as the API and worker, so it reaches the same database and Redis.
 * Exit codes: the command's own (0 ok), 1 on an error, 2 on a usage error or unknown command.
 */
async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = findCommand(name);
  if (!command) {
    console.error(`unknown command: ${name} (npm run cli -- help lists them)`);
    return 2;
  }
  let app: INestApplicationContext | undefined;
  const ctx: CommandContext = {
    args,
    app: async () => (app ??= await boot()),
    print: (line = '') => console.log(line),
  };
  try {
    return (await command.run(ctx)) ?? 0;
  } catch (err) {
    return reportError(command, err);
  } finally {
    await app?.close().catch(() => undefined); // the result is in; a slow socket close must not change it
  }
}

/**
 * Without logs (stdout is the command's output); abortOnError off so a boot failure is reported,
 * not a silent exit. The database module retries a refused connection for about a minute, so say
 * what is happening when boot is slow.
 */
async function boot(): Promise<INestApplicationContext> {
  const slow = setTimeout(
    () => console.error('still connecting to MongoDB and Redis (check MONGODB_URI / REDIS_URL)...'),
    5000,
  );
  try {
    return await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  } finally {
    clearTimeout(slow);
  }
}

function reportError(command: Command, err: unknown): number {
  if (err instanceof UsageError) {
    console.error(`${err.message}\nusage: npm run cli -- ${command.name} ${command.usage}`.trimEnd());
    return 2;
  }
  console.error(`${command.name} failed: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
}

main(process.argv.slice(2)).then(
  // Explicit exit: a Redis or Mongo socket still closing must not keep an operator's shell waiting.
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
