import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, UpdateQuery } from 'mongoose';

import type { ExerciseView } from '../contract';
import { Id, toObjectId, toView } from '../database/object-id';
import { StoredWorkout, Workout, WorkoutRecord } from './workout.schema';

/** `_id`: one chosen before the insert (a program claims its session's workout first); absent, a new one. */
export type NewWorkout = Omit<Workout, 'userId' | 'createdAt' | 'ticked' | 'startedAt'> & {
  userId: Id;
  /** A caller that names the workout before storing it (a program session's claim) passes its id. */
  id?: string;
};

/** An active session's progress as stored. */
export type StoredProgress = Pick<WorkoutRecord, 'id' | 'ticked' | 'startedAt'>;

/** The one owner of the `workouts` collection (generated plans). */
@Injectable()
export class WorkoutsRepository {
  constructor(@InjectModel(Workout.name) private readonly workouts: Model<Workout>) {}

  /**
   * Insert as built, without a Mongoose document (casting, validation, hooks): the plan passed the
   * contract's schema in the AI step, and building the document was a third of what generate adds
   * over the provider (`npm run bench`).
   */
  async create(draft: NewWorkout, now: Date): Promise<WorkoutRecord> {
    const { id, ...fields } = draft;
    const workout: StoredWorkout = {
      ...fields,
      _id: id ? toObjectId(id) : new Types.ObjectId(),
      userId: toObjectId(draft.userId),
      createdAt: now,
    };
    await this.workouts.insertMany([workout], { lean: true });
    return toView(workout);
  }

  /** `_id`, if the user owns it. */
  async findOwned(id: Id, userId: Id): Promise<WorkoutRecord | null> {
    const workout = await this.workouts
      .findOne({ _id: toObjectId(id), userId: toObjectId(userId) })
      .lean<StoredWorkout>()
      .exec();
    return workout && toView(workout);
  }

  /** `(userId, createdAt)`: the user's newest workout. */
  async findLatest(userId: Id): Promise<WorkoutRecord | null> {
    const workout = await this.workouts
      .findOne({ userId: toObjectId(userId) })
      .sort({ createdAt: -1 })
      .lean<StoredWorkout>()
      .exec();
    return workout && toView(workout);
  }

  /**
   * Puts `exercise` at `index` of the user's workout if that place still holds `replacedCatalogueId`
   * (a concurrent SWAP of the same exercise wins once). False when it did not.
   */
  async replaceExercise(
    id: Id,
    userId: Id,
    index: number,
    replacedCatalogueId: string,
    exercise: ExerciseView,
  ): Promise<boolean> {
    const result = await this.workouts
      .updateOne(
        {
          _id: toObjectId(id),
          userId: toObjectId(userId),
          [`exercises.${index}.id`]: exercise.id,
          [`exercises.${index}.catalogueId`]: replacedCatalogueId,
        },
        { $set: { [`exercises.${index}`]: exercise } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /**
   * Replaces the plan of the user's workout (name, level, minutes, reward, exercises, notes) while no
   * exercise of it is ticked: a started session keeps the work already done. False when it was.
   */
  async replacePlan(
    id: Id,
    userId: Id,
    plan: Pick<Workout, 'name' | 'difficulty' | 'duration' | 'creditsReward' | 'exercises' | 'notes'>,
  ): Promise<boolean> {
    // Never ticked, or every tick taken back: two conditional updates rather than one with `$or`,
    // which the local store cannot answer from the `_id` index.
    const owned = { _id: toObjectId(id), userId: toObjectId(userId) };
    const neverTicked = await this.workouts.updateOne({ ...owned, ticked: { $exists: false } }, { $set: plan }).exec();
    if (neverTicked.modifiedCount === 1) return true;
    const untickedAgain = await this.workouts.updateOne({ ...owned, ticked: { $size: 0 } }, { $set: plan }).exec();
    return untickedAgain.modifiedCount === 1;
  }

  /**
   * `_id`: marks one exercise of the user's workout done or not done (idempotent); marking one done
   * also starts the session if it had not started. The progress after, or null if not theirs.
   */
  setTicked(id: Id, userId: Id, exerciseId: string, done: boolean, now: Date): Promise<StoredProgress | null> {
    const update = done
      ? { $addToSet: { ticked: exerciseId }, $min: { startedAt: now } }
      : { $pull: { ticked: exerciseId } };
    return this.progressAfter(id, userId, update);
  }

  /** `_id`: starts the user's session at `now` unless it started earlier. The progress after, or null if not theirs. */
  start(id: Id, userId: Id, now: Date): Promise<StoredProgress | null> {
    return this.progressAfter(id, userId, { $min: { startedAt: now } });
  }

  // Whole documents back: the local FerretDB refuses a projection on findOneAndUpdate.
  private async progressAfter(id: Id, userId: Id, update: UpdateQuery<Workout>): Promise<StoredProgress | null> {
    const workout = await this.workouts
      .findOneAndUpdate({ _id: toObjectId(id), userId: toObjectId(userId) }, update, { returnDocument: 'after' })
      .lean<StoredWorkout>()
      .exec();
    return workout && { id: workout._id.toHexString(), ticked: workout.ticked, startedAt: workout.startedAt };
  }
}
