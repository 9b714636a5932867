import type { LoggedSetView } from '@contract';
import { describe, expect, it } from 'vitest';

import { prefill, setText, shownSession, toKg, workSetCounts } from './sessionLog.logic';

const logged = (key: string, order: number, reps: number, loadKg?: number, warmup = false): LoggedSetView => ({
  key,
  sessionId: 'w0',
  exerciseId: 'ex1',
  catalogueId: 'barbell-back-squat',
  exerciseName: 'Back Squat',
  muscles: ['legs'],
  kind: 'reps',
  order,
  warmup,
  reps,
  loadKg,
  performedAt: '2026-11-23T10:00:00.000Z',
  source: 'app',
  records: [],
});

describe('the session as the card shows it', () => {
  const workout = { id: 'w1', ticked: [], startedAt: null };

  it('lays the waiting changes over the server’s sets: a new set, an edit, a removal, a tick', () => {
    const server = {
      workoutId: 'w1',
      sets: [logged('a', 0, 8, 80), logged('b', 1, 8, 80)],
      lastTime: {},
      barbellExercises: [],
    };
    const shown = shownSession(workout, server, [
      {
        id: '1',
        kind: 'set',
        workoutId: 'w1',
        setKey: 'c',
        body: { userId: 'u', exerciseId: 'ex1', order: 2, warmup: false, reps: 6, loadKg: 80 },
      },
      {
        id: '2',
        kind: 'set',
        workoutId: 'w1',
        setKey: 'a',
        body: { userId: 'u', exerciseId: 'ex1', order: 0, warmup: false, reps: 10, loadKg: 80 },
      },
      { id: '3', kind: 'removeSet', workoutId: 'w1', setKey: 'b' },
      { id: '4', kind: 'tick', workoutId: 'w1', userId: 'u', exerciseId: 'ex1', done: true },
      { id: '5', kind: 'tick', workoutId: 'other', userId: 'u', exerciseId: 'ex2', done: true },
    ]);
    expect(shown.sets.map((s) => [s.key, s.reps, s.waiting])).toEqual([
      ['a', 10, true],
      ['c', 6, true],
    ]);
    expect(shown).toMatchObject({ ticked: ['ex1'], started: true, waiting: 4, completing: false });
    expect(workSetCounts(shown.sets)).toEqual({ ex1: 2 });
  });

  it('prefills from the same set of the last time, else the prescription', () => {
    const dose = { kind: 'reps' as const, sets: 3, reps: 10, restSeconds: 90, eachSide: false };
    const last = [logged('w', 0, 10, 40, true), logged('a', 0, 8, 80), logged('b', 1, 7, 80)];
    expect(prefill({ dose }, last, 0, 'metric')).toMatchObject({ reps: 8, load: 80 });
    expect(prefill({ dose }, last, 2, 'metric')).toMatchObject({ reps: 7, load: 80 });
    expect(prefill({ dose }, last, 0, 'imperial')).toMatchObject({ load: 176.4 });
    expect(prefill({ dose }, undefined, 0, 'metric')).toEqual({ reps: 10 });
  });

  it('stores a load typed in pounds in kilograms, and says a set in the reader’s units', () => {
    expect(toKg(225, 'imperial')).toBe(102.058);
    expect(toKg(100, 'metric')).toBe(100);
    expect(setText({ reps: 8, loadKg: 80, rpe: 8 }, 'metric')).toBe('80 kg × 8 @ RPE 8');
    expect(setText({ reps: 5, loadKg: 102.058 }, 'imperial')).toBe('225 lb × 5');
    expect(setText({ meters: 400, seconds: 95 }, 'metric')).toBe('400 m in 95 s');
  });
});
