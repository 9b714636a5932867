import type { MuscleGroup } from '../contract';
import { muscleRecovery, recoveringMuscles, type RecoverySet } from './recovery.rules';

const NOW = new Date('2026-01-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const sets = (count: number, muscles: MuscleGroup[], h: number, extra: Partial<RecoverySet> = {}): RecoverySet[] =>
  Array.from({ length: count }, () => ({ performedAt: hoursAgo(h), muscles, warmup: false, ...extra }));

describe('muscle recovery from logged volume', () => {
  it('ten hard sets just done leave a muscle at 0 %; a day later 50 %, two days 75 %', () => {
    expect(muscleRecovery(sets(10, ['chest'], 0), NOW)).toEqual({ chest: 0 });
    expect(muscleRecovery(sets(10, ['chest'], 24), NOW)).toEqual({ chest: 50 });
    expect(muscleRecovery(sets(10, ['chest'], 48), NOW)).toEqual({ chest: 75 });
  });

  it('more volume takes longer: four sets yesterday recover past the threshold, twelve do not', () => {
    expect(recoveringMuscles(muscleRecovery(sets(4, ['legs'], 24), NOW))).toEqual([]);
    expect(recoveringMuscles(muscleRecovery(sets(12, ['legs'], 24), NOW))).toEqual(['legs']);
  });

  it('warm-ups, tags that are no body part and old sets do not tire; sets at RPE 9+ tire more', () => {
    expect(
      muscleRecovery([...sets(5, ['back'], 1, { warmup: true }), ...sets(5, ['cardio', 'mobility'], 1)], NOW),
    ).toEqual({});
    expect(muscleRecovery(sets(10, ['back'], 200), NOW)).toEqual({});
    expect(muscleRecovery(sets(4, ['back'], 0, { rpe: 9.5 }), NOW)).toEqual({ back: 40 });
  });

  it('lists the most tired first', () => {
    const log = [...sets(5, ['chest', 'arms'], 2), ...sets(3, ['arms'], 2)];
    expect(recoveringMuscles(muscleRecovery(log, NOW))).toEqual(['arms', 'chest']);
  });
});
