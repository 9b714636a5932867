import { Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import type { SetChangeResult, SetChangesRequest, SetChangesResult } from '../contract';
import { SessionLogService } from './session-log.service';

/**
 * A batch of set changes the device kept while offline, applied in order in one request: each is
 * checked and answered as its own PUT or DELETE would be, but the session, its count and the
 * records are read once (docs/product.md, Training log: with no signal).
 */
@Injectable()
export class SetChangesService {
  constructor(private readonly sessionLog: SessionLogService) {}

  /**
   * A change refused (4xx) is answered in its place and the rest go on, as the outbox would drop it
   * and send the next; a failure of the server's own (5xx) fails the request, and the whole batch
   * is sent again, each change counting once.
   */
  async apply(userId: string, workoutId: string, { changes }: SetChangesRequest): Promise<SetChangesResult> {
    const context = await this.sessionLog.open(userId, workoutId);
    const results: SetChangeResult[] = [];
    try {
      for (const change of changes) {
        try {
          if (change.kind === 'set')
            results.push({ ok: true, logged: await this.sessionLog.logIn(context, change.setKey, change.set) });
          else {
            await this.sessionLog.removeIn(context, change.setKey);
            results.push({ ok: true, logged: null });
          }
        } catch (err) {
          if (!(err instanceof AppError) || err.getStatus() >= 500) throw err;
          const { error: title } = err.getResponse() as { error: string };
          results.push({ ok: false, statusCode: err.getStatus(), code: err.code, message: err.message, title });
        }
      }
    } finally {
      await this.sessionLog.finish(context);
    }
    return { results };
  }
}
