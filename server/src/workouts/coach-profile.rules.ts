import type { Difficulty, UserProfileInput } from '../contract';
import type { ChatDefaults, CoachProfile } from '../ai/ai.provider';
import { bmiCategory } from '../bmi/bmi.rules';
import type { UserRecord } from '../users/users.repository';

/** The server's records first; the client's profile only fills what the server does not know. */
export function coachProfile(user: UserRecord, given: UserProfileInput | undefined): CoachProfile {
  const bmi = user.latestBmi ?? given?.bmi ?? null;
  return {
    fitnessLevel: user.fitnessLevel,
    bmi,
    bmiCategory: bmi ? bmiCategory(bmi) : (given?.bmiCategory ?? null),
    age: user.age ?? given?.age ?? null,
    height: user.height ?? given?.height ?? null,
    weight: user.weight ?? given?.weight ?? null,
  };
}

/**
 * Where a conversation is silent, its workout follows the profile: the user's level, goal, equipment
 * (none stated: bodyweight, nothing is assumed) and limitations.
 */
export function chatDefaults(profile: CoachProfile, fitnessLevel: Difficulty): ChatDefaults {
  return { fitnessLevel, goal: profile.goal ?? null, equipment: profile.equipment ?? [], limitations: profile.limitations ?? [] };
}
