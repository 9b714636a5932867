import { z } from 'zod';
import { ObjectIdString } from './common';
import { EQUIPMENT, LIMITATIONS, TRAINING_GOALS, UNIT_SYSTEMS } from './values';

export const TrainingGoal = z.enum(TRAINING_GOALS);
export type TrainingGoal = z.infer<typeof TrainingGoal>;
export const EquipmentKind = z.enum(EQUIPMENT);
export type EquipmentKind = z.infer<typeof EquipmentKind>;
export const LimitationKind = z.enum(LIMITATIONS);
export type LimitationKind = z.infer<typeof LimitationKind>;
export const UnitSystem = z.enum(UNIT_SYSTEMS);
export type UnitSystem = z.infer<typeof UnitSystem>;

/** What a user tells the app about themselves (issue 18), stored metric: cm and kg. Part of UserView. */
export const ProfileFields = z.object({
  age: z.number().int().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  goal: TrainingGoal.nullable(),
  /** Equipment at hand; empty means bodyweight only. */
  equipment: z.array(EquipmentKind),
  /** Body parts to spare. */
  limitations: z.array(LimitationKind),
  /** How heights and weights are shown; they are stored metric either way. */
  units: UnitSystem,
  /** IANA name: the user's days (streaks, "today") are counted there. */
  timeZone: z.string(),
});
export type ProfileFields = z.infer<typeof ProfileFields>;

/** GET/PUT /api/profile's answer: the profile, and when it was last saved (null: never, defaults shown). */
export const ProfileView = ProfileFields.extend({ savedAt: z.string().nullable() });
export type ProfileView = z.infer<typeof ProfileView>;

// Vocabulary fields are plain strings here so the server answers an unknown value with the code of
// its field (PROFILE_INVALID_GOAL…) rather than a generic schema error; profile.rules checks them.
const word = (values: readonly string[]) => z.string().max(64).describe(`one of: ${values.join(', ')}`);
const LIST_MAX = 32;

/**
 * PUT /api/profile: the whole profile (null clears age, height, weight or goal). Height in cm (read
 * as an integer, SPEC §5), weight in kg; `userId`, when sent, must be the caller's.
 */
export const ProfileUpdateRequest = z.strictObject({
  userId: ObjectIdString.optional(),
  age: z.number().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  goal: word(TRAINING_GOALS).nullable(),
  equipment: z.array(word(EQUIPMENT)).max(LIST_MAX),
  limitations: z.array(word(LIMITATIONS)).max(LIST_MAX),
  units: word(UNIT_SYSTEMS),
  timeZone: z.string().max(64).describe('an IANA time zone name, e.g. Europe/Berlin'),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
