import type { ActivityFormat } from '../../contract';
import type { ActivityReading } from './activity-reading';
import { ActivitySource, ReadDeadline } from './read-limits';
import { readInThread } from './reader-pool';

/**
 * Reads an uploaded activity file with its format's reader (read-format.ts), within the deadline,
 * in a reader thread: the parse never runs on the caller's event loop (the API's, when the job
 * worker runs inline), each thread has its own heap cap, and the deadline ends the thread.
 * `day` and `timeZone` are the proof day's: an Apple Health export holds years, and only that day is kept.
 */
export function readActivity(
  format: ActivityFormat,
  source: ActivitySource,
  day: string,
  timeZone: string,
  deadline: ReadDeadline,
): Promise<ActivityReading> {
  return readInThread({ format, day, timeZone }, source, deadline);
}
