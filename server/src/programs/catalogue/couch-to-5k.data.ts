import { RUN_COOLDOWN, RUN_WARMUP } from './blocks.data';
import type { Program, ProgramSlot } from './program.types';

/** Run and walk rounds per week: runs lengthen, walks shorten, to 30 minutes of running in week 10; week 5 repeats week 4. */
const RUN_WALK: ProgramSlot = {
  exercise: 'easy-jog',
  phase: 'main',
  sets: 1,
  restSeconds: 0,
  target: {
    kind: 'weeks',
    weeks: [
      { sets: 8, workSeconds: 60, restSeconds: 90 },
      { sets: 6, workSeconds: 90, restSeconds: 120 },
      { sets: 5, workSeconds: 180, restSeconds: 90 },
      { sets: 4, workSeconds: 300, restSeconds: 150 },
      { sets: 4, workSeconds: 300, restSeconds: 150 },
      { sets: 3, workSeconds: 480, restSeconds: 180 },
      { sets: 2, workSeconds: 600, restSeconds: 120 },
      { sets: 1, workSeconds: 1500, restSeconds: 0 },
      { sets: 1, workSeconds: 1680, restSeconds: 0 },
      { sets: 1, workSeconds: 1800, restSeconds: 0 },
    ],
  },
};

export const COUCH_TO_5K: Program = {
  id: 'couch-to-5k',
  name: 'Couch to 5K',
  summary:
    'Three run-walk sessions a week that take you from one-minute jogs to thirty minutes of running in ten weeks. Week 5 repeats week 4 so the legs catch up with the lungs; a missed run moves the plan, it never skips a step.',
  goal: 'endurance',
  level: 'beginner',
  weeks: 10,
  deloadWeeks: [5],
  weekdays: [2, 4, 6],
  days: ['Run 1', 'Run 2', 'Run 3'].map((name) => ({
    name,
    type: 'cardio',
    slots: [...RUN_WARMUP, RUN_WALK, ...RUN_COOLDOWN],
  })),
};
