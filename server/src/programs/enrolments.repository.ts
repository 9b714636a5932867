import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { EnrolmentStatus } from '../contract';
import { Id, toObjectId } from '../database/object-id';
import type { Program } from './catalogue';
import { ProgramEnrolment, StoredEnrolment } from './enrolment.schema';

/** An enrolment as the repository answers it: string ids. */
export interface EnrolmentRecord {
  id: string;
  userId: string;
  programId: string;
  /** The coach-built program the member follows, or null for one of the catalogue's. */
  program: Program | null;
  status: EnrolmentStatus;
  startedOn: string;
  done: number;
  lastDoneOn: string | null;
  pausedOn: string | null;
  workoutId: string | null;
  workoutIndex: number | null;
  deloadWorkouts: string[];
  version: number;
}

export type EnrolmentChange = Partial<
  Pick<EnrolmentRecord, 'status' | 'startedOn' | 'done' | 'lastDoneOn' | 'pausedOn' | 'workoutIndex'>
> & { workoutId?: string | null; addDeloadWorkout?: string };

/** The one owner of `program_enrolments`. */
@Injectable()
export class EnrolmentsRepository {
  constructor(@InjectModel(ProgramEnrolment.name) private readonly enrolments: Model<ProgramEnrolment>) {}

  /** Unique `userId`: the member's enrolment, if any. */
  async find(userId: Id): Promise<EnrolmentRecord | null> {
    const row = await this.enrolments
      .findOne({ userId: toObjectId(userId) })
      .lean<StoredEnrolment>()
      .exec();
    return row ? toRecord(row) : null;
  }

  /**
   * Unique `userId`: follows `programId` from `startedOn` (with the program itself when the coach
   * built it), replacing whatever the member followed.
   */
  async start(
    userId: Id,
    programId: string,
    startedOn: string,
    program: Program | null = null,
  ): Promise<EnrolmentRecord> {
    const row = await this.enrolments
      .findOneAndUpdate(
        { userId: toObjectId(userId) },
        {
          $set: {
            programId,
            program,
            status: 'active',
            startedOn,
            done: 0,
            lastDoneOn: null,
            pausedOn: null,
            workoutId: null,
            workoutIndex: null,
            deloadWorkouts: [],
          },
          $inc: { version: 1 },
        },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<StoredEnrolment>()
      .exec();
    return toRecord(row!);
  }

  /** Unique `userId`, compare-and-set on `version`: the change if nobody changed the enrolment since it was read; null otherwise. */
  async update(userId: Id, version: number, change: EnrolmentChange): Promise<EnrolmentRecord | null> {
    const { workoutId, addDeloadWorkout, ...fields } = change;
    const row = await this.enrolments
      .findOneAndUpdate(
        { userId: toObjectId(userId), version },
        {
          $set: {
            ...fields,
            ...(workoutId !== undefined ? { workoutId: workoutId === null ? null : toObjectId(workoutId) } : {}),
          },
          $inc: { version: 1 },
          ...(addDeloadWorkout ? { $addToSet: { deloadWorkouts: addDeloadWorkout } } : {}),
        },
        { returnDocument: 'after' },
      )
      .lean<StoredEnrolment>()
      .exec();
    return row ? toRecord(row) : null;
  }
}

function toRecord(row: StoredEnrolment): EnrolmentRecord {
  return {
    id: row._id.toString(),
    userId: row.userId.toString(),
    programId: row.programId,
    program: row.program ?? null,
    status: row.status,
    startedOn: row.startedOn,
    done: row.done,
    lastDoneOn: row.lastDoneOn ?? null,
    pausedOn: row.pausedOn ?? null,
    workoutId: row.workoutId ? row.workoutId.toString() : null,
    workoutIndex: row.workoutIndex ?? null,
    deloadWorkouts: row.deloadWorkouts ?? [],
    version: row.version,
  };
}
