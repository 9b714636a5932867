// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { useTimeZones } from '../test/time-zone.node';
import { formatDate, shortDate } from './dates';

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
});
