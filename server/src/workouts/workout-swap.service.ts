import { Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import type { SwapExerciseRequest, WorkoutView } from '../contract';
import { profileOf, UsersService } from '../users/users.service';
import { swapExercise } from './programming/swap.rules';
import { exerciseNotFound, toWorkoutView, WorkoutPlansService } from './workout-plans.service';
import { WorkoutsRepository } from './workouts.repository';

/** SWAP: one exercise of today's open workout replaced by an equivalent the user can do. */
@Injectable()
export class WorkoutSwapService {
  constructor(
    private readonly workouts: WorkoutsRepository,
    private readonly plans: WorkoutPlansService,
    private readonly users: UsersService,
  ) {}

  /** The updated workout; 404 for a workout that is not today's open one or an exercise it lacks, 409 for a ticked one or when nothing equivalent fits. */
  async swap(userId: string, body: SwapExerciseRequest): Promise<WorkoutView> {
    const [workout, user] = await Promise.all([
      this.plans.findOpen(userId, body.workoutId),
      this.users.findById(userId),
    ]);
    // A ticked exercise is done: swapping it would count work that was not done.
    if (workout.ticked?.includes(body.exerciseId)) {
      throw new AppError(
        'WORKOUT_EXERCISE_DONE',
        'This exercise is ticked as done: untick it before swapping it',
        'Exercise Done',
      );
    }
    const view = toWorkoutView(workout);
    const result = swapExercise(view.exercises, body.exerciseId, {
      type: workout.type,
      difficulty: workout.difficulty,
      equipment: workout.equipment ?? [],
      // A limitation saved since the workout was planned holds too.
      limitations: [...new Set([...(workout.limitations ?? []), ...profileOf(user).limitations])],
      screening: workout.screening,
      seed: body.workoutId,
    });
    if (result.kind === 'unknown_exercise') throw exerciseNotFound(body.exerciseId);
    if (result.kind === 'no_equivalent') {
      throw new AppError(
        'WORKOUT_NO_EQUIVALENT',
        'Nothing equivalent fits your equipment, limits and level: keep this exercise or skip it',
        'No Equivalent',
      );
    }
    const replaced = await this.workouts.replaceExercise(
      body.workoutId,
      userId,
      result.index,
      view.exercises[result.index].catalogueId!,
      result.exercise,
    );
    if (!replaced) {
      // Another SWAP of the same exercise landed first: answer the workout as it now is.
      const current = await this.workouts.findOwned(body.workoutId, userId);
      if (!current) throw new AppError('WORKOUT_NOT_FOUND', 'Workout not found');
      return toWorkoutView(current);
    }
    return { ...view, exercises: view.exercises.map((e, i) => (i === result.index ? result.exercise : e)) };
  }
}
