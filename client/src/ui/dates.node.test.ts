// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { useTimeZones } from '../test/time-zone.node';
import { formatDate, formatDay, formatDays, formatTime, shortDate } from './dates';

describe('dates', () => {
  const setTimeZone = useTimeZones();

  it("shows a moment on the user's own calendar day", () => {
    const lateEveningInLosAngeles = '2025-03-02T05:30:00Z';
    setTimeZone('America/Los_Angeles');
    expect(shortDate(lateEveningInLosAngeles)).toBe('Mar 1');
    expect(formatDate(lateEveningInLosAngeles)).toBe('Mar 1, 2025');
    setTimeZone('Asia/Tokyo');
    expect(shortDate(lateEveningInLosAngeles)).toBe('Mar 2');
  });

  it('shows a day the server counted as that day in every zone', () => {
    for (const zone of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati']) {
      setTimeZone(zone);
      expect(formatDay('2026-11-23')).toBe('Nov 23, 2026');
    }
  });

  it('shows a time of day in the browser’s zone, 24-hour', () => {
    setTimeZone('America/New_York');
    expect(formatTime(Date.parse('2026-11-23T19:05:00Z'))).toBe('14:05');
    setTimeZone('Asia/Kolkata');
    expect(formatTime(Date.parse('2026-11-23T19:05:00Z'))).toBe('00:35');
  });

  it('says 1 DAY and otherwise DAYS', () => {
    expect([0, 1, 2, 30].map(formatDays)).toEqual(['0 DAYS', '1 DAY', '2 DAYS', '30 DAYS']);
  });
});
