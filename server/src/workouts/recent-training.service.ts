import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import type { MuscleGroup } from '../contract';
import type { RecentTraining } from '../contract/job-shapes';
import { muscleRecovery, recoveringMuscles, RECOVERY_LOOKBACK_HOURS } from '../programs/recovery.rules';
import { LoggedSetsRepository } from '../training-log/logged-sets.repository';
import { WorkoutSessionsRepository } from './workout-sessions.repository';

const HOUR = 3600_000;
const RECOVERY_WINDOW_MS = 48 * HOUR;
const BODY_PART_TAGS_EXCLUDED: MuscleGroup[] = ['cardio', 'mobility'];
/** The newest logged sets recovery reads: more than five days of hard training hold. */
const RECOVERY_SETS_READ = 1000;

/** What a user trained lately: the recovery rule of new plans and what the coach is told. */
@Injectable()
export class RecentTrainingService {
  constructor(
    private readonly sessions: WorkoutSessionsRepository,
    private readonly loggedSets: LoggedSetsRepository,
    private readonly clock: Clock,
  ) {}

  /** The last session, the week's count and the muscles still recovering. */
  async recentTraining(userId: string, now = this.clock.now()): Promise<RecentTraining> {
    const [recentlyTrained, sessionsLast7Days, last] = await Promise.all([
      this.recentlyTrained(userId, now),
      this.sessions.countSince(userId, new Date(now.getTime() - 7 * 24 * HOUR)),
      this.sessions.findLatest(userId),
    ]);
    return {
      sessionsLast7Days,
      lastSession: last
        ? {
            name: last.workout.name,
            type: last.workout.type,
            intensity: last.intensity,
            completedAt: last.completedAt.toISOString(),
          }
        : null,
      recentlyTrained,
    };
  }

  /**
   * Muscles a new plan leaves out: worked moderately or hard within the recovery window, or still
   * under RECOVERED_PERCENT by the volume logged set by set (docs/product.md, Progression).
   */
  async recentlyTrained(userId: string, now = this.clock.now()): Promise<RecentTraining['recentlyTrained']> {
    const [worked, logged] = await Promise.all([
      this.sessions.musclesWorkedSince(userId, new Date(now.getTime() - RECOVERY_WINDOW_MS), ['moderate', 'intense']),
      this.loggedSets.inRange(
        userId,
        new Date(now.getTime() - RECOVERY_LOOKBACK_HOURS * HOUR),
        now,
        RECOVERY_SETS_READ,
      ),
    ]);
    return [...new Set([...worked, ...recoveringMuscles(muscleRecovery(logged, now))])].filter(
      (m) => !BODY_PART_TAGS_EXCLUDED.includes(m),
    );
  }
}
