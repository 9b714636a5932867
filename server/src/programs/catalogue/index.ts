/**
 * The programs catalogue: every multi-week program a member can follow, as data.
 * programs.spec.ts checks each against the exercise catalogue and the shape rules.
 */
import { COUCH_TO_5K } from './couch-to-5k.data';
import { FULL_BODY_3 } from './full-body-3.data';
import { HYPERTROPHY_SPLIT } from './hypertrophy-split.data';
import { MOBILITY_BLOCK } from './mobility-block.data';
import type { Program } from './program.types';
import { STRENGTH_531 } from './strength-531.data';
import { UPPER_LOWER_4 } from './upper-lower-4.data';

export type { Program, ProgramDay, ProgramSlot, SlotTarget } from './program.types';

export const PROGRAMS: readonly Program[] = [
  FULL_BODY_3,
  UPPER_LOWER_4,
  STRENGTH_531,
  HYPERTROPHY_SPLIT,
  COUCH_TO_5K,
  MOBILITY_BLOCK,
];

const BY_ID = new Map(PROGRAMS.map((program) => [program.id, program]));

/** The program with this id, or undefined. */
export function catalogueProgram(id: string): Program | undefined {
  return BY_ID.get(id);
}
