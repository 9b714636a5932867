import { lift, LIFTING_COOLDOWN, LIFTING_WARMUP, wave } from './blocks.data';
import type { Program } from './program.types';

export const STRENGTH_531: Program = {
  id: 'strength-531',
  name: '5/3/1-Style Strength',
  summary:
    'Four barbell days a week, one main lift each, in waves of 5s, 3s and 5/3/1 on a training max of 90 % of your best estimated one-rep max, with a light week to finish each wave. The last set of each wave day is as many good reps as you can; the training max follows what you log.',
  goal: 'build_muscle',
  level: 'advanced',
  weeks: 8,
  deloadWeeks: [4, 8],
  weekdays: [1, 2, 4, 5],
  days: [
    {
      name: 'Press',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        wave('barbell-overhead-press'),
        lift('chin-up', 5, 5, 10, 90),
        lift('dumbbell-bench-press', 3, 10, 15, 90),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Deadlift',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        wave('barbell-deadlift'),
        lift('dumbbell-split-squat', 3, 8, 12, 90),
        lift('hanging-knee-raise', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Bench',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        wave('barbell-bench-press'),
        lift('barbell-row', 5, 8, 12, 90),
        lift('dumbbell-lateral-raise', 3, 12, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Squat',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        wave('barbell-back-squat'),
        lift('barbell-romanian-deadlift', 3, 8, 12, 120),
        lift('leg-curl', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
  ],
};
