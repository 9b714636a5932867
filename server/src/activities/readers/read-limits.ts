import { addAbortSignal, type Readable } from 'node:stream';

import { ACTIVITY_READ_LIMITS } from '../../contract';
import { JobRefusal } from '../../queue/job-errors';
import type { ByteRange } from '../../uploads/storage/upload-storage';

/** A file no reader could make an activity of: a 422 with what is wrong, never retried. */
export const unreadable = (message: string) =>
  new JobRefusal('ACTIVITY_UNREADABLE', message, 'Activity File Unreadable');

/** An uploaded activity file: its size and its bytes, whole or a range of them (a zip's directory first). */
export interface ActivitySource {
  size: number;
  open(range?: ByteRange): Promise<Readable>;
}

/**
 * The time limit of one read: aborts with a refusal when it passes. Streams tied to it are
 * destroyed then, so a stalled store cannot hold the job either.
 */
export class ReadDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  readonly endsAt: number;
  private readonly refusal: Error;

  /** `endsAt`: the same deadline as another thread's (epoch ms), for a read handed on to a reader thread. */
  constructor(
    readonly limitMs: number = ACTIVITY_READ_LIMITS.timeMs,
    endsAt = Date.now() + limitMs,
  ) {
    this.endsAt = endsAt;
    this.refusal = unreadable(
      `Reading this file took over ${Math.round(limitMs / 1000)} s: export a single activity or a shorter period`,
    );
    this.timer = setTimeout(() => this.controller.abort(this.refusal), Math.max(0, endsAt - Date.now()));
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** Throws the refusal once the time is up (between the chunks of a synchronous parse). */
  check(): void {
    this.signal.throwIfAborted();
  }

  /**
   * As `check`, by the clock: inside a synchronous parse the timer that aborts cannot fire, so the
   * parse asks the time itself (and aborts, so the streams tied to the deadline stop too).
   */
  checkClock(): void {
    if (Date.now() >= this.endsAt && !this.signal.aborted) this.controller.abort(this.refusal);
    this.check();
  }

  /** `stream`, destroyed when the time is up. */
  watch<S extends Readable>(stream: S): S {
    return addAbortSignal(this.signal, stream);
  }

  /** The refusal if the time ran out, else `err` itself (an aborted stream fails with a generic AbortError). */
  explain(err: unknown): unknown {
    return this.signal.aborted ? this.signal.reason : err;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
