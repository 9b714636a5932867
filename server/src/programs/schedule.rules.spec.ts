import { catalogueProgram } from './catalogue';
import {
  addDays,
  BREAK_RESTART_DAYS,
  isoWeekday,
  nextSession,
  projectedDates,
  resumedStart,
  type ScheduleState,
  sessionAt,
} from './schedule.rules';

// Monday, Wednesday and Friday; 3 days × 8 weeks, deloads in weeks 4 and 8.
const program = catalogueProgram('full-body-3')!;
const MONDAY = '2026-01-05';
const start: ScheduleState = { status: 'active', startedOn: MONDAY, done: 0, lastDoneOn: null };

describe('program schedule', () => {
  it('places sessions along weeks and days, deload weeks flagged', () => {
    expect(isoWeekday(MONDAY)).toBe(1);
    expect(sessionAt(program, 0)).toEqual({ index: 0, week: 1, day: 0, deload: false });
    expect(sessionAt(program, 4)).toEqual({ index: 4, week: 2, day: 1, deload: false });
    expect(sessionAt(program, 9)).toEqual({ index: 9, week: 4, day: 0, deload: true });
  });

  it('on the first Monday the first session is due; done, Tuesday is a rest day until Wednesday', () => {
    expect(nextSession(program, start, MONDAY)).toMatchObject({
      kind: 'next',
      when: 'due',
      behind: 0,
      session: { week: 1, day: 0 },
    });
    const mondayDone = { ...start, done: 1, lastDoneOn: MONDAY };
    expect(nextSession(program, mondayDone, MONDAY)).toMatchObject({ when: 'doneToday', nextOn: '2026-01-07' });
    expect(nextSession(program, mondayDone, '2026-01-06')).toMatchObject({
      when: 'ahead',
      nextOn: '2026-01-07',
      session: { day: 1 },
    });
  });

  it('a missed Wednesday shifts the plan: Thursday and Friday still owe week 1 day 2, and the finish moves later', () => {
    const mondayDone = { ...start, done: 1, lastDoneOn: MONDAY };
    const onSchedule = projectedDates(program, mondayDone, '2026-01-06');
    expect(onSchedule[0]).toBe('2026-01-07');
    expect(onSchedule).toHaveLength(23);
    // Wednesday passes with nothing done.
    const thursday = nextSession(program, mondayDone, '2026-01-08');
    expect(thursday).toMatchObject({ kind: 'next', when: 'due', behind: 1, session: { index: 1, week: 1, day: 1 } });
    const friday = nextSession(program, mondayDone, '2026-01-09');
    expect(friday).toMatchObject({ when: 'due', behind: 1, session: { index: 1, day: 1 } });
    const shifted = projectedDates(program, mondayDone, '2026-01-09');
    expect(shifted[0]).toBe('2026-01-09');
    expect(shifted).toHaveLength(23);
    expect(shifted.at(-1)! > onSchedule.at(-1)!).toBe(true);
    // Done on Friday, the plan goes on with day 3 next Monday: nothing was skipped.
    const fridayDone = { ...mondayDone, done: 2, lastDoneOn: '2026-01-09' };
    expect(nextSession(program, fridayDone, '2026-01-12')).toMatchObject({
      when: 'due',
      session: { index: 2, week: 1, day: 2 },
    });
  });

  it('a long break starts the week in progress again from its first day', () => {
    const midWeek = { ...start, done: 4, lastDoneOn: '2026-01-12' };
    expect(nextSession(program, midWeek, '2026-01-14')).toMatchObject({ session: { index: 4, week: 2, day: 1 } });
    const back = addDays('2026-01-12', BREAK_RESTART_DAYS);
    expect(nextSession(program, midWeek, back)).toMatchObject({ when: 'due', session: { index: 3, week: 2, day: 0 } });
  });

  it('paused or stopped owes nothing; resuming moves the start by the days paused', () => {
    expect(nextSession(program, { ...start, status: 'paused' }, MONDAY)).toEqual({
      kind: 'inactive',
      status: 'paused',
    });
    expect(nextSession(program, { ...start, status: 'stopped' }, MONDAY)).toEqual({
      kind: 'inactive',
      status: 'stopped',
    });
    const resumed = { ...start, done: 1, lastDoneOn: MONDAY, startedOn: resumedStart(MONDAY, 7) };
    // Paused Tuesday for a week: the next Wednesday owes only day 2.
    expect(nextSession(program, resumed, '2026-01-14')).toMatchObject({
      when: 'due',
      behind: 0,
      session: { index: 1 },
    });
  });

  it('after the last session the program is finished', () => {
    expect(nextSession(program, { ...start, done: 24, lastDoneOn: '2026-02-27' }, '2026-03-02')).toEqual({
      kind: 'finished',
    });
  });
});
