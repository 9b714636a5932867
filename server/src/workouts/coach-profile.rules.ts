import { bmiCategory } from '../bmi/bmi.rules';
import type { Difficulty, HealthAnswers, UserProfileInput } from '../contract';
import type { ChatDefaults, CoachProfile } from '../contract/job-shapes';
import type { UserRecord } from '../users/users.repository';
import { profileOf } from '../users/users.service';

/**
 * The saved profile (GET /api/profile: goal, equipment, limitations, units, age, height, weight)
 * first; the client's profile only fills what the server does not know.
 */
export function coachProfile(
  user: UserRecord,
  given: UserProfileInput | undefined,
  health?: HealthAnswers,
): CoachProfile {
  const saved = profileOf(user);
  const bmi = user.latestBmi ?? given?.bmi ?? null;
  return {
    fitnessLevel: user.fitnessLevel,
    goal: saved.goal,
    equipment: saved.equipment,
    limitations: saved.limitations,
    units: saved.units,
    bmi,
    bmiCategory: bmi ? bmiCategory(bmi) : (given?.bmiCategory ?? null),
    age: saved.age ?? given?.age ?? null,
    height: saved.height ?? given?.height ?? null,
    weight: saved.weight ?? given?.weight ?? null,
    ...(health ? { health } : {}),
  };
}

/**
 * Where a conversation is silent, its workout follows the profile: the user's level, goal, equipment
 * (none saved: bodyweight, nothing is assumed) and limitations.
 */
export function chatDefaults(profile: CoachProfile, fitnessLevel: Difficulty): ChatDefaults {
  return {
    fitnessLevel,
    goal: profile.goal,
    equipment: profile.equipment,
    limitations: profile.limitations,
    ...(profile.screening ? { screening: profile.screening } : {}),
  };
}
