import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

import { currentLogContext } from './request-context';

/** One pino logger per process, JSON lines on stdout at LOG_LEVEL. */
export function createProcessLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The logger to hand Nest when it is created, so even a failure while it starts is a JSON line. */
export function nestLogger(pino: Logger, level: string): LoggerService | false {
  return level === 'silent' ? false : new JsonLogger(pino);
}

/**
 * Nest's own logs (and every `new Logger(context)` in the app) as JSON lines through pino, with the
 * request id or job of the work that wrote them. Errors keep their stack in `err.stack`.
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
  /** Nest passes (message, stack?, context?); a message that is itself a stack keeps it whole. */
  error(message: unknown, ...rest: unknown[]): void {
    if (!this.pino.isLevelEnabled('error')) return;
    const context =
      rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
    const given = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const stack = given ?? (text.includes('\n') ? text : undefined);
    this.pino.error({ ...currentLogContext(), context, ...(stack ? { err: { stack } } : {}) }, text.split('\n', 1)[0]);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const fields = typeof message === 'object' && message !== null ? { data: message } : {};
    this.pino[level]({ ...currentLogContext(), context, ...fields }, typeof message === 'string' ? message : '');
  }
}
