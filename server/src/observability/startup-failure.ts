import { ConfigError } from '../config/config';
import { createProcessLogger } from './json-logger';

/**
 * Ends a process that could not start, with its cause as JSON lines on stdout like every other log
 * line: one per refused setting, naming its variable, or the error with its stack. At any LOG_LEVEL:
 * the setting that names the level may be the one refused.
 */
export function exitOnStartupFailure(err: unknown, context: string): never {
  const logger = createProcessLogger('fatal');
  if (err instanceof ConfigError) {
    for (const { variable, message } of err.problems)
      logger.fatal({ context: 'Config', variable }, `Invalid configuration: ${variable}: ${message}`);
  } else {
    const error = err instanceof Error ? err : new Error(String(err));
    logger.fatal({ context, err: { stack: error.stack } }, error.message);
  }
  process.exit(1);
}
