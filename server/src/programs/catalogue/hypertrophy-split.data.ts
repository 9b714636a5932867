import { lift, LIFTING_COOLDOWN, LIFTING_WARMUP } from './blocks.data';
import type { Program } from './program.types';

export const HYPERTROPHY_SPLIT: Program = {
  id: 'hypertrophy-split',
  name: '5-Day Hypertrophy Split',
  summary:
    'Push, pull, legs, upper and lower across five gym days: higher reps, short rests, ten to twenty hard sets per muscle a week. Double progression in wide rep ranges; weeks 5 and 10 are deloads.',
  goal: 'build_muscle',
  level: 'intermediate',
  weeks: 10,
  deloadWeeks: [5, 10],
  weekdays: [1, 2, 3, 5, 6],
  days: [
    {
      name: 'Push',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('barbell-bench-press', 4, 6, 10, 120),
        lift('incline-dumbbell-press', 3, 8, 12, 90),
        lift('dumbbell-lateral-raise', 4, 12, 20, 60),
        lift('cable-triceps-pushdown', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Pull',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('lat-pulldown', 4, 8, 12, 90),
        lift('seated-cable-row', 3, 8, 12, 90),
        lift('cable-face-pull', 3, 12, 20, 60),
        lift('hammer-curl', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Legs',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('barbell-back-squat', 4, 6, 10, 150),
        lift('leg-press', 3, 10, 15, 120),
        lift('leg-curl', 3, 10, 15, 60),
        lift('seated-calf-raise', 4, 12, 20, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Upper',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('machine-shoulder-press', 3, 8, 12, 90),
        lift('dumbbell-fly', 3, 10, 15, 60),
        lift('chest-supported-dumbbell-row', 3, 10, 15, 60),
        lift('cable-biceps-curl', 3, 10, 15, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Lower',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('barbell-romanian-deadlift', 4, 8, 12, 120),
        lift('bulgarian-split-squat', 3, 8, 12, 90),
        lift('leg-extension', 3, 12, 20, 60),
        lift('hip-abduction-machine', 3, 12, 20, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
  ],
};
