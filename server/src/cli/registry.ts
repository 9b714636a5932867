import { INestApplicationContext } from '@nestjs/common';

/** What a command gets: its arguments, the booted app (on first use) and a line printer. */
export interface CommandContext {
  args: string[];
  /** Boots the Nest application context on first call (commands like `help` never need it). */
  app(): Promise<INestApplicationContext>;
  print(line?: string): void;
}

/** A command answers its exit code (0 = success); returning nothing means 0. */
export type CommandHandler = (ctx: CommandContext) => Promise<number | void> | number | void;

export interface Command {
  name: string;
  /** Arguments after the name, e.g. `<username> <amount> "<reason>"`. */
  usage: string;
  summary: string;
  run: CommandHandler;
}

const commands = new Map<string, Command>();

/** Adds an operator command. Domain modules register theirs from a `*.cli.ts` imported in cli/commands.ts. */
export function registerCommand(command: Command): void {
  if (commands.has(command.name)) throw new Error(`CLI command ${command.name} is registered twice`);
  commands.set(command.name, command);
}

export function findCommand(name: string): Command | undefined {
  return commands.get(name);
}

export function listCommands(): Command[] {
  return [...commands.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A usage error: the CLI prints the message and the command's usage, and exits with 2. */
export class UsageError extends Error {}
