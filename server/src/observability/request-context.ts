import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request or job carries, whichever code writes it. */
export interface LogContext {
  reqId?: string;
  job?: { id: string; name: string };
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` on every log line it writes, however deep and async. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

export function currentLogContext(): LogContext {
  return context.getStore() ?? {};
}
