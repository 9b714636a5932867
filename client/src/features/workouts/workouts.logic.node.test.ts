// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { useTimeZones } from '../../test/time-zone.node';
import { isSessionRefusal, sessionTimes, sessionUnderWay } from './workouts.logic';

describe('the active session’s times and state', () => {
  const setTimeZone = useTimeZones();

  it('names the start and the minute completion opens (half the planned minutes, rounded up like the server) in the browser’s zone', () => {
    setTimeZone('Europe/Berlin');
    expect(sessionTimes('2026-11-23T13:52:20Z', 40)).toEqual({ startedAt: '14:52', completableFrom: '15:13' });
    expect(sessionTimes('2026-11-23T13:52:00Z', 15)).toEqual({ startedAt: '14:52', completableFrom: '15:00' });
    setTimeZone('UTC');
    expect(sessionTimes('2026-11-23T23:50:00Z', 60)).toEqual({ startedAt: '23:50', completableFrom: '00:20' });
  });

  it('is under way once started or ticked, so a new workout asks first', () => {
    expect(sessionUnderWay({ ticked: [], startedAt: null })).toBe(false);
    expect(sessionUnderWay({ ticked: ['ex1'], startedAt: null })).toBe(true);
    expect(sessionUnderWay({ ticked: [], startedAt: '2026-11-23T13:52:00Z' })).toBe(true);
  });

  it('tells the server’s timing refusals from other failures', () => {
    expect(isSessionRefusal({ status: 409, message: '409: …', code: 'WORKOUT_TOO_EARLY' })).toBe(true);
    expect(isSessionRefusal({ status: 409, message: '409: …', code: 'WORKOUT_NOT_STARTED' })).toBe(true);
    expect(isSessionRefusal({ status: 409, message: '409: …', code: 'WORKOUT_NOT_OPEN' })).toBe(true);
    expect(isSessionRefusal({ status: 409, message: '409: …', code: 'WORKOUT_TICKS_DIFFER' })).toBe(true);
    expect(isSessionRefusal({ status: 409, message: '409: …', code: 'WORKOUT_ALREADY_COMPLETED' })).toBe(false);
    expect(isSessionRefusal(new Error('offline'))).toBe(false);
    expect(isSessionRefusal(null)).toBe(false);
  });
});
