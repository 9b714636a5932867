import { timed } from './blocks.data';
import type { Program } from './program.types';

export const MOBILITY_BLOCK: Program = {
  id: 'mobility-block',
  name: 'Mobility Block',
  summary:
    'Three short floor sessions a week for hips, spine and shoulders, bodyweight only. Each hold grows by a few seconds a week; week 4 is easier before the longer holds of weeks 5 and 6.',
  goal: 'mobility',
  level: 'beginner',
  weeks: 6,
  deloadWeeks: [4],
  weekdays: [1, 3, 5],
  days: [
    {
      name: 'Hips',
      type: 'yoga',
      slots: [
        { ...timed('cat-cow', 1, 60, 0, 60, 0), phase: 'warmup' },
        timed('low-lunge', 2, 30, 5, 60, 15),
        timed('lizard-pose', 2, 30, 5, 60, 15),
        timed('garland-pose', 2, 30, 5, 60, 15),
        timed('pigeon-pose', 2, 30, 5, 60, 15),
        { ...timed('supine-twist', 1, 45, 0, 45, 0), phase: 'cooldown' },
      ],
    },
    {
      name: 'Spine & Shoulders',
      type: 'yoga',
      slots: [
        { ...timed('shoulder-rolls', 1, 45, 0, 45, 0), phase: 'warmup' },
        timed('downward-dog', 3, 30, 5, 60, 15),
        timed('puppy-pose', 2, 30, 5, 60, 15),
        timed('sphinx-pose', 2, 30, 5, 60, 15),
        timed('seated-spinal-twist', 2, 30, 5, 60, 15),
        { ...timed('childs-pose', 1, 60, 0, 60, 0), phase: 'cooldown' },
      ],
    },
    {
      name: 'Hamstrings & Balance',
      type: 'yoga',
      slots: [
        { ...timed('half-sun-salutation', 1, 90, 0, 90, 0), phase: 'warmup' },
        timed('pyramid-pose', 2, 30, 5, 60, 15),
        timed('wide-legged-forward-fold', 2, 30, 5, 60, 15),
        timed('tree-pose', 2, 30, 5, 60, 15),
        timed('bound-angle-pose', 2, 30, 5, 60, 15),
        { ...timed('corpse-pose', 1, 120, 0, 120, 0), phase: 'cooldown' },
      ],
    },
  ],
};
