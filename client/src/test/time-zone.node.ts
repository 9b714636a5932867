import { afterEach } from 'vitest';

/**
 * For tests of dates as the user lives them: `setTimeZone('America/Los_Angeles')` moves this
 * process's local time (Node reads TZ on every Date call); the zone before is restored after each test.
 */
export function useTimeZones(): (zone: string) => void {
  const before = process.env.TZ;
  afterEach(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
  return (zone) => {
    process.env.TZ = zone;
  };
}
