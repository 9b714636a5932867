import { lift, LIFTING_COOLDOWN, LIFTING_WARMUP } from './blocks.data';
import type { Program } from './program.types';

export const UPPER_LOWER_4: Program = {
  id: 'upper-lower-4',
  name: '4-Day Upper/Lower',
  summary:
    'Two upper-body and two lower-body days a week in a gym with barbells and machines: a heavy day and a volume day for each half. Double progression on every lift; every fourth week is a deload.',
  goal: 'build_muscle',
  level: 'intermediate',
  weeks: 8,
  deloadWeeks: [4, 8],
  weekdays: [1, 2, 4, 5],
  days: [
    {
      name: 'Upper Heavy',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('barbell-bench-press', 4, 5, 8, 150),
        lift('barbell-row', 4, 5, 8, 120),
        lift('barbell-overhead-press', 3, 6, 10, 120),
        lift('lat-pulldown', 3, 8, 12, 90),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Lower Heavy',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('barbell-back-squat', 4, 5, 8, 180),
        lift('barbell-romanian-deadlift', 3, 6, 10, 150),
        lift('leg-curl', 3, 8, 12, 90),
        lift('seated-calf-raise', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Upper Volume',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('incline-dumbbell-press', 3, 8, 12, 90),
        lift('seated-cable-row', 3, 10, 15, 90),
        lift('dumbbell-lateral-raise', 3, 12, 15, 60),
        lift('cable-triceps-pushdown', 3, 10, 15, 60),
        lift('dumbbell-biceps-curl', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Lower Volume',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('leg-press', 3, 10, 15, 120),
        lift('barbell-hip-thrust', 3, 8, 12, 90),
        lift('dumbbell-walking-lunge', 3, 8, 12, 90),
        lift('leg-extension', 3, 12, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
  ],
};
