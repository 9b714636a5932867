import { lift, LIFTING_COOLDOWN, LIFTING_WARMUP, timed } from './blocks.data';
import type { Program } from './program.types';

export const FULL_BODY_3: Program = {
  id: 'full-body-3',
  name: '3-Day Full Body',
  summary:
    'Three whole-body sessions a week with dumbbells and a bench: a squat or hinge, a press, a row and a carry or core each day. Reps climb to the top of each range, then the weight goes up; week 4 and week 8 are lighter.',
  goal: 'general_fitness',
  level: 'beginner',
  weeks: 8,
  deloadWeeks: [4, 8],
  weekdays: [1, 3, 5],
  days: [
    {
      name: 'Full Body A',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('goblet-squat', 3, 8, 12, 90),
        lift('dumbbell-bench-press', 3, 8, 12, 90),
        lift('one-arm-dumbbell-row', 3, 8, 12, 60),
        timed('forearm-plank', 3, 30, 5, 60, 45),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Full Body B',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('romanian-deadlift', 3, 8, 12, 90),
        lift('dumbbell-shoulder-press', 3, 8, 12, 90),
        lift('chest-supported-dumbbell-row', 3, 10, 15, 60),
        lift('dumbbell-split-squat', 2, 8, 12, 60),
        ...LIFTING_COOLDOWN,
      ],
    },
    {
      name: 'Full Body C',
      type: 'strength',
      slots: [
        ...LIFTING_WARMUP,
        lift('dumbbell-front-squat', 3, 8, 12, 90),
        lift('incline-dumbbell-press', 3, 8, 12, 90),
        lift('dumbbell-bent-over-row', 3, 8, 12, 60),
        timed('suitcase-carry', 3, 30, 5, 60, 45),
        ...LIFTING_COOLDOWN,
      ],
    },
  ],
};
