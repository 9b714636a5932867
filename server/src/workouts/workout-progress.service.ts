import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import type { SessionProgress, SessionProgressRequest } from '../contract';
import { exerciseNotFound, progressOf, WorkoutPlansService } from './workout-plans.service';
import { StoredProgress, WorkoutsRepository } from './workouts.repository';

/** The active session's progress, kept on the server: its start and its ticks survive reloads and other devices. */
@Injectable()
export class WorkoutProgressService {
  constructor(
    private readonly workouts: WorkoutsRepository,
    private readonly plans: WorkoutPlansService,
    private readonly clock: Clock,
  ) {}

  /** START: the session starts now, unless it already had (a repeated START keeps the first). */
  async start(userId: string, workoutId: string): Promise<SessionProgress> {
    await this.plans.findOpen(userId, workoutId);
    return view(workoutId, await this.workouts.start(workoutId, userId, this.clock.now()));
  }

  /** One exercise done or not; the first one done starts the session. 404 for an exercise the workout lacks. */
  async tick(userId: string, workoutId: string, body: SessionProgressRequest): Promise<SessionProgress> {
    const workout = await this.plans.findOpen(userId, workoutId);
    if (!workout.exercises.some((e) => e.id === body.exerciseId)) throw exerciseNotFound(body.exerciseId);
    return view(
      workoutId,
      await this.workouts.setTicked(workoutId, userId, body.exerciseId, body.done, this.clock.now()),
    );
  }
}

function view(workoutId: string, progress: StoredProgress | null): SessionProgress {
  // findOpen just read it as the user's: only a deletion in between leaves nothing.
  if (!progress) throw new AppError('WORKOUT_NOT_FOUND', 'Workout not found');
  return { id: workoutId, ...progressOf(progress) };
}
