import { z } from 'zod';

import { ObjectIdString, TimeZoneName } from './common';
import {
  EQUIPMENT,
  HEALTH_CONDITIONS,
  HEALTH_RANGES,
  LIMITATIONS,
  PREGNANCY_STATES,
  PROFILE_RANGES,
  TRAINING_GOALS,
  UNIT_SYSTEMS,
} from './values';

export const TrainingGoal = z.enum(TRAINING_GOALS);
export type TrainingGoal = z.infer<typeof TrainingGoal>;
export const EquipmentKind = z.enum(EQUIPMENT);
export type EquipmentKind = z.infer<typeof EquipmentKind>;
export const LimitationKind = z.enum(LIMITATIONS);
export type LimitationKind = z.infer<typeof LimitationKind>;
export const UnitSystem = z.enum(UNIT_SYSTEMS);
export type UnitSystem = z.infer<typeof UnitSystem>;

/** What a user tells the app about themselves, stored metric: cm and kg. Part of UserView. */
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

export const PregnancyState = z.enum(PREGNANCY_STATES);
export type PregnancyState = z.infer<typeof PregnancyState>;
export const HealthCondition = z.enum(HEALTH_CONDITIONS);
export type HealthCondition = z.infer<typeof HealthCondition>;

/**
 * The health screening's answers (docs/product.md, Health screening): private, kept apart from the
 * user record and shown to nobody but the member. `pregnancy` null: not answered; the weeks only
 * with their state (null: not said); `usedToHighImpact`: ran or jumped regularly before the pregnancy.
 */
export const HealthAnswers = z.object({
  pregnancy: PregnancyState.nullable(),
  pregnancyWeeks: z.number().int().nullable(),
  weeksSinceBirth: z.number().int().nullable(),
  usedToHighImpact: z.boolean(),
  conditions: z.array(HealthCondition),
});
export type HealthAnswers = z.infer<typeof HealthAnswers>;

/** Nothing answered: what a member who skips the questions has. */
export const NO_HEALTH_ANSWERS: HealthAnswers = {
  pregnancy: null,
  pregnancyWeeks: null,
  weeksSinceBirth: null,
  usedToHighImpact: false,
  conditions: [],
};

/** GET/PUT /api/profile's answer: the profile, its health answers, and when it was last saved (null: never, defaults shown). */
export const ProfileView = ProfileFields.extend({ savedAt: z.string().nullable(), health: HealthAnswers });
export type ProfileView = z.infer<typeof ProfileView>;

// Plain strings and numbers here so the server answers a value out of its vocabulary or range with
// the code and sentence of its field (PROFILE_INVALID_GOAL…) rather than a generic schema error;
// profile.rules checks them. The OpenAPI document states the same rules (`meta`), exactly.
const word = (values: readonly string[]) =>
  z
    .string()
    .max(64)
    .meta({ enum: [...values] });
const words = (values: readonly string[]) =>
  z
    .array(z.string().max(64))
    .max(LIST_MAX)
    .meta({ items: { type: 'string', enum: [...values] }, uniqueItems: true });
const LIST_MAX = 32;
/** A count of weeks left unanswered, as OpenAPI 3.0 writes null. */
const NO_WEEKS = { enum: [null], nullable: true };
const { age: AGE, heightCm: HEIGHT, weightKg: WEIGHT } = PROFILE_RANGES;

/**
 * PUT /api/profile: the whole profile (null clears age, height, weight or goal). Height in cm (read
 * as an integer, docs/product.md), weight in kg; `userId`, when sent, must be the caller's.
 */
export const ProfileUpdateRequest = z.strictObject({
  userId: ObjectIdString.optional(),
  age: z.number().meta({ type: 'integer', minimum: AGE.min, maximum: AGE.max }).nullable(),
  // Read as an integer: 250.9 is 250 cm.
  height: z
    .number()
    .meta({ minimum: HEIGHT.min, maximum: HEIGHT.max + 1, exclusiveMaximum: true })
    .nullable(),
  weight: z.number().meta({ minimum: WEIGHT.min, maximum: WEIGHT.max }).nullable(),
  // OpenAPI 3.0: with an enum, `nullable` admits null only when the enum lists it.
  goal: z
    .string()
    .max(64)
    .nullable()
    .meta({ enum: [...TRAINING_GOALS, null] }),
  equipment: words(EQUIPMENT),
  limitations: words(LIMITATIONS),
  units: word(UNIT_SYSTEMS),
  timeZone: TimeZoneName,
  /** Left out: the saved answers stay as they are. */
  health: z
    .strictObject({
      pregnancy: z
        .string()
        .max(64)
        .nullable()
        .meta({ enum: [...PREGNANCY_STATES, null] }),
      pregnancyWeeks: z
        .number()
        .meta({ type: 'integer', minimum: HEALTH_RANGES.pregnancyWeeks.min, maximum: HEALTH_RANGES.pregnancyWeeks.max })
        .nullable(),
      weeksSinceBirth: z
        .number()
        .meta({
          type: 'integer',
          minimum: HEALTH_RANGES.weeksSinceBirth.min,
          maximum: HEALTH_RANGES.weeksSinceBirth.max,
        })
        .nullable(),
      usedToHighImpact: z.boolean(),
      conditions: words(HEALTH_CONDITIONS),
    })
    // Each count of weeks only beside the state it describes, as readHealth refuses otherwise.
    .meta({
      anyOf: [
        { properties: { pregnancy: { enum: ['pregnant'] }, weeksSinceBirth: NO_WEEKS } },
        { properties: { pregnancy: { enum: ['postpartum'] }, pregnancyWeeks: NO_WEEKS } },
        {
          properties: {
            pregnancy: { enum: ['not_pregnant', null], nullable: true },
            pregnancyWeeks: NO_WEEKS,
            weeksSinceBirth: NO_WEEKS,
          },
        },
      ],
    })
    .optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
