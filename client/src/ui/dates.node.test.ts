// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, shortDate } from './dates';

describe('dates', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("shows a moment on the user's own calendar day", () => {
    const lateEveningInLosAngeles = '2025-03-02T05:30:00Z';
    process.env.TZ = 'America/Los_Angeles';
    expect(shortDate(lateEveningInLosAngeles)).toBe('Mar 1');
    expect(formatDate(lateEveningInLosAngeles)).toBe('Mar 1, 2025');
    process.env.TZ = 'Asia/Tokyo';
    expect(shortDate(lateEveningInLosAngeles)).toBe('Mar 2');
  });
});
