import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { ExerciseView } from '../contract';
import { Id, toObjectId } from '../database/object-id';
import { StoredWorkout, Workout } from './workout.schema';

export type NewWorkout = Omit<Workout, 'userId' | 'createdAt'> & { userId: Id };

/** The one owner of the `workouts` collection (generated plans). */
@Injectable()
export class WorkoutsRepository {
  constructor(@InjectModel(Workout.name) private readonly workouts: Model<Workout>) {}

  /**
   * Insert as built, without a Mongoose document (casting, validation, hooks): the plan passed the
   * contract's schema in the AI step, and building the document was a third of what generate adds
   * over the provider (`npm run bench`).
   */
  async create(draft: NewWorkout): Promise<StoredWorkout> {
    const workout: StoredWorkout = { ...draft, _id: new Types.ObjectId(), userId: toObjectId(draft.userId), createdAt: new Date() };
    await this.workouts.insertMany([workout], { lean: true });
    return workout;
  }

  /** `_id`, if the user owns it. */
  findOwned(id: Id, userId: Id): Promise<StoredWorkout | null> {
    return this.workouts.findOne({ _id: toObjectId(id), userId: toObjectId(userId) }).lean<StoredWorkout>().exec();
  }

  /** `(userId, createdAt)`: the user's newest workout. */
  findLatest(userId: Id): Promise<StoredWorkout | null> {
    return this.workouts.findOne({ userId: toObjectId(userId) }).sort({ createdAt: -1 }).lean<StoredWorkout>().exec();
  }

  /**
   * Puts `exercise` at `index` of the user's workout if that place still holds `replacedCatalogueId`
   * (a concurrent SWAP of the same exercise wins once). False when it did not.
   */
  async replaceExercise(id: Id, userId: Id, index: number, replacedCatalogueId: string, exercise: ExerciseView): Promise<boolean> {
    const result = await this.workouts
      .updateOne(
        { _id: toObjectId(id), userId: toObjectId(userId), [`exercises.${index}.id`]: exercise.id, [`exercises.${index}.catalogueId`]: replacedCatalogueId },
        { $set: { [`exercises.${index}`]: exercise } },
      )
      .exec();
    return result.modifiedCount === 1;
  }
}
