import { describe, expect, it } from 'vitest';

import { makeActivity } from '../../test/fixtures';
import { activityFacts, activitySource, formatDuration } from './activityFacts';

const RUN = makeActivity();

describe('activity facts', () => {
  it('lists what the file carried, in order', () => {
    expect(activityFacts(RUN, 'metric')).toBe('RUNNING · 35 MIN · 6.01 KM · HR 142/171 · 5,880 STEPS · 385 KCAL');
  });

  it('gives the distance in the user’s units', () => {
    expect(activityFacts(RUN, 'imperial')).toBe('RUNNING · 35 MIN · 3.74 MI · HR 142/171 · 5,880 STEPS · 385 KCAL');
  });

  it('leaves out what the format does not carry', () => {
    expect(
      activityFacts({ ...RUN, format: 'gpx', distanceMeters: null, calories: null, steps: null }, 'imperial'),
    ).toBe('RUNNING · 35 MIN · HR 142/171');
  });

  it('writes hours past the hour, and names the source', () => {
    expect(formatDuration(95 * 60)).toBe('1 H 35 MIN');
    expect(activitySource(RUN)).toBe('FIT · Garmin fr255Music');
    expect(activitySource({ ...RUN, format: 'apple_health', device: null })).toBe('Apple Health export');
  });
});
