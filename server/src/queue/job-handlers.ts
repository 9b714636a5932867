import type { JobName } from './job-registry';
import { JOB_NAMES } from './job-registry';

/** A handler found on a provider, with where it was declared (for error messages). */
export interface FoundHandler {
  name: JobName;
  declaredAt: string;
  run: (job: never) => Promise<unknown>;
}

/**
 * One handler per job name, or the reasons the process must not start: a job declared twice
 * (the second would silently win) or a job of the registry nobody handles (it would fail only
 * when it ran).
 */
export function handlerTable(found: FoundHandler[]): { table: Map<JobName, FoundHandler>; problems: string[] } {
  const table = new Map<JobName, FoundHandler>();
  const problems: string[] = [];
  for (const handler of found) {
    const earlier = table.get(handler.name);
    if (earlier) problems.push(`job ${handler.name} has two handlers: ${earlier.declaredAt} and ${handler.declaredAt}`);
    else table.set(handler.name, handler);
  }
  for (const name of JOB_NAMES)
    if (!table.has(name)) problems.push(`job ${name} has no handler (declare one with @OnJob)`);
  return { table, problems };
}
