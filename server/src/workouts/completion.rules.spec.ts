import {
  capDay,
  capDayCandidates,
  cappedCredits,
  completionRefusal,
  openRefusal,
  ticksRefusal,
} from './completion.rules';

describe('the daily cap on paid minutes', () => {
  it('pays while the day plans at most 120 minutes, then records the session unpaid and says why', () => {
    expect(cappedCredits(40, 60, 0)).toEqual({ credits: 40, note: null });
    expect(cappedCredits(40, 60, 60)).toEqual({ credits: 40, note: null });
    expect(cappedCredits(40, 60, 120)).toEqual({
      credits: 0,
      note: "Today's paid sessions already plan 120 of 120 minutes: this one is recorded, not paid",
    });
    expect(cappedCredits(5, 15, 110)).toMatchObject({ credits: 0 });
    expect(cappedCredits(0, 60, 500)).toEqual({ credits: 0, note: null });
  });
});

describe('completing a session: only once half its planned minutes have passed since it started', () => {
  const startedAt = new Date('2026-11-23T13:52:00Z');
  const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);

  it('refuses a session never started, saying how to start it', () => {
    expect(completionRefusal(undefined, 40, at(0), 'UTC')).toEqual({
      code: 'WORKOUT_NOT_STARTED',
      message:
        'Start this session first (START_SESSION or a tick): it can be completed once half of its 40 minutes have passed',
    });
  });

  it('refuses before half time, naming the time in the user’s zone, and allows it from then on', () => {
    expect(completionRefusal(startedAt, 40, at(0), 'UTC')).toEqual({
      code: 'WORKOUT_TOO_EARLY',
      message: 'You can complete this session from 14:12 UTC (half of its 40 minutes)',
    });
    expect(completionRefusal(startedAt, 40, at(19.99), 'Europe/Berlin')?.message).toBe(
      'You can complete this session from 15:12 (half of its 40 minutes)',
    );
    expect(completionRefusal(startedAt, 40, at(20), 'UTC')).toBeNull();
    expect(completionRefusal(startedAt, 60, at(29), 'America/New_York')?.message).toBe(
      'You can complete this session from 09:22 (half of its 60 minutes)',
    );
    expect(completionRefusal(startedAt, 60, at(240), 'UTC')).toBeNull();
  });

  it('rounds the time named up to the minute, so trying at that minute succeeds', () => {
    // 15 minutes: half is 7.5, so 13:59:30 is shown as 14:00.
    const refusal = completionRefusal(startedAt, 15, at(1), 'UTC');
    expect(refusal?.message).toBe('You can complete this session from 14:00 UTC (half of its 15 minutes)');
    expect(completionRefusal(startedAt, 15, at(7.49), 'UTC')?.code).toBe('WORKOUT_TOO_EARLY');
    expect(completionRefusal(startedAt, 15, new Date('2026-11-23T14:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('one session at a time: only the open workout is completed', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const workout = {
    day: '2026-11-23',
    createdAt: new Date('2026-11-23T14:00:00Z'),
    startedAt: new Date('2026-11-23T14:01:00Z'),
  };

  it('refuses a workout a newer one replaced, though it started and half its time passed', () => {
    expect(openRefusal(workout, false, now)).toEqual({
      code: 'WORKOUT_NOT_OPEN',
      message:
        "A newer workout replaced this one: you train one session at a time, so only today's workout can be completed",
    });
    expect(openRefusal(workout, true, now)).toBeNull();
  });

  it('refuses the newest once it closed (a past day, six hours after its generation or start)', () => {
    const yesterday = {
      day: '2026-11-22',
      createdAt: new Date('2026-11-22T08:00:00Z'),
      startedAt: new Date('2026-11-22T08:05:00Z'),
    };
    expect(openRefusal(yesterday, true, now)).toEqual({
      code: 'WORKOUT_NOT_OPEN',
      message: 'This session closed 6 hours after it was generated or started: generate a new one',
    });
  });
});

describe('the ticks paid are the ticks the server stored', () => {
  it('accepts the stored ticks in any order', () => {
    expect(ticksRefusal(['ex2', 'ex1'], ['ex1', 'ex2'])).toBeNull();
  });

  it('refuses a list naming more, fewer or other exercises than were ticked, naming both', () => {
    const differ = {
      code: 'WORKOUT_TICKS_DIFFER',
      message: expect.stringMatching(/^This session's ticks changed elsewhere \(ticked: ex1, ex2; sent: /),
    };
    expect(ticksRefusal(['ex1', 'ex2', 'ex3'], ['ex1', 'ex2'])).toEqual(differ);
    expect(ticksRefusal(['ex1'], ['ex1', 'ex2'])).toEqual(differ);
    expect(ticksRefusal(['ex1', 'ex3'], ['ex1', 'ex2'])?.message).toBe(
      "This session's ticks changed elsewhere (ticked: ex1, ex2; sent: ex1, ex3): reload to see them, then complete it",
    );
  });

  it('refuses a session with nothing ticked, whatever the list says', () => {
    expect(ticksRefusal(['ex1'], [])).toEqual({
      code: 'WORKOUT_TICKS_DIFFER',
      message: 'No exercise of this session is ticked: tick each one as you do it, then complete the session',
    });
  });
});

describe("the cap's day: the day the session started, a change of time zone opening no second day", () => {
  const at = (iso: string) => new Date(iso);

  it('is pinned only by a paid day among capDayCandidates: an older one gives what none gives', () => {
    const zones = ['Etc/GMT+12', 'Pacific/Honolulu', 'America/Los_Angeles', 'UTC', 'Asia/Tokyo', 'Pacific/Kiritimati'];
    const starts = ['2026-11-23T00:10:00Z', '2026-11-23T11:59:00Z', '2026-11-23T12:01:00Z', '2026-11-23T23:50:00Z'].map(
      at,
    );
    const paidDays = [
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ];
    expect(capDayCandidates(at('2026-11-23T12:00:00Z'))).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    for (const startedAt of starts) {
      for (const zone of zones) {
        for (const day of paidDays) {
          for (const paidZone of zones) {
            const lastPaid = { day, timeZone: paidZone };
            const found = capDayCandidates(startedAt).includes(day) ? lastPaid : null;
            expect([startedAt, zone, lastPaid, capDay(startedAt, zone, found)]).toEqual([
              startedAt,
              zone,
              lastPaid,
              capDay(startedAt, zone, lastPaid),
            ]);
          }
        }
      }
    }
  });

  it('is the start’s day in the user’s zone when nothing was paid yet, or the zone did not change', () => {
    expect(capDay(at('2026-11-23T23:30:00Z'), 'UTC', null)).toEqual({ day: '2026-11-23', timeZone: 'UTC' });
    expect(capDay(at('2026-11-23T23:30:00Z'), 'Asia/Tokyo', null)).toEqual({
      day: '2026-11-24',
      timeZone: 'Asia/Tokyo',
    });
    expect(capDay(at('2026-11-23T23:30:00Z'), 'UTC', { day: '2026-11-23', timeZone: 'UTC' })).toEqual({
      day: '2026-11-23',
      timeZone: 'UTC',
    });
    expect(capDay(at('2026-11-24T00:30:00Z'), 'UTC', { day: '2026-11-23', timeZone: 'UTC' })).toEqual({
      day: '2026-11-24',
      timeZone: 'UTC',
    });
  });

  it('stays on the paid day while it lasts in the zone it was read in, whichever zone the user moved to', () => {
    const paid = { day: '2026-11-23', timeZone: 'UTC' };
    // 02:00 UTC is the 22nd in Honolulu and 16:00 of the 23rd in Kiritimati: neither opens a day.
    expect(capDay(at('2026-11-23T02:00:00Z'), 'Pacific/Honolulu', paid)).toEqual(paid);
    expect(capDay(at('2026-11-23T22:00:00Z'), 'Pacific/Kiritimati', paid)).toEqual(paid);
  });

  it('moves on once that day is over: to the new zone’s day if it is later, else the old zone’s next day', () => {
    const paid = { day: '2026-11-23', timeZone: 'UTC' };
    expect(capDay(at('2026-11-24T01:00:00Z'), 'Asia/Tokyo', paid)).toEqual({
      day: '2026-11-24',
      timeZone: 'Asia/Tokyo',
    });
    // Honolulu is still on the 23rd: the day counted is UTC's 24th, not the 23rd again.
    expect(capDay(at('2026-11-24T01:00:00Z'), 'Pacific/Honolulu', paid)).toEqual({
      day: '2026-11-24',
      timeZone: 'UTC',
    });
    expect(capDay(at('2026-11-24T20:00:00Z'), 'Pacific/Honolulu', { day: '2026-11-24', timeZone: 'UTC' })).toEqual({
      day: '2026-11-24',
      timeZone: 'UTC',
    });
    expect(capDay(at('2026-11-25T18:00:00Z'), 'Pacific/Honolulu', { day: '2026-11-24', timeZone: 'UTC' })).toEqual({
      day: '2026-11-25',
      timeZone: 'Pacific/Honolulu',
    });
  });

  it('reads a counter kept without its zone in the user’s current one', () => {
    expect(capDay(at('2026-11-23T10:00:00Z'), 'Asia/Tokyo', { day: '2026-11-23' })).toEqual({
      day: '2026-11-23',
      timeZone: 'Asia/Tokyo',
    });
  });
});
