import { buffer } from 'node:stream/consumers';

import type { ActivityFormat } from '../../contract';
import type { ActivityReading } from './activity-reading';
import { readAppleHealth } from './apple-health.reader';
import { readFit } from './fit.reader';
import { readGpx } from './gpx.reader';
import { ActivitySource, ReadDeadline } from './read-limits';
import { readTcx } from './tcx.reader';

/**
 * Reads an activity file with its format's reader, within the deadline, in the calling thread (a
 * reader thread: see reader-pool.ts). The XML formats and the Apple Health zip are streamed; a FIT
 * file (16 MB at most) is decoded whole, in a thread of its own. `day` and `timeZone` are the proof
 * day's: an Apple Health export holds years, and only that day is kept.
 */
export async function readFormat(
  format: ActivityFormat,
  source: ActivitySource,
  day: string,
  timeZone: string,
  deadline: ReadDeadline,
): Promise<ActivityReading> {
  switch (format) {
    case 'fit':
      return readFit(await whole(source, deadline), deadline);
    case 'tcx':
      return readTcx(await source.open(), deadline);
    case 'gpx':
      return readGpx(await source.open(), deadline);
    case 'apple_health':
      return readAppleHealth(source, day, timeZone, deadline);
  }
}

async function whole(source: ActivitySource, deadline: ReadDeadline): Promise<Buffer> {
  try {
    return await buffer(deadline.watch(await source.open()));
  } catch (err) {
    throw deadline.explain(err);
  }
}
