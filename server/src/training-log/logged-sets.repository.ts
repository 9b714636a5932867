import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import type { PersonalRecordKind } from '../contract';
import { SESSION_SETS_MAX } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { Id, toObjectId } from '../database/object-id';
import { LoggedSet, SetRank, StoredLoggedSet } from './logged-set.schema';

/** A logged set as the repository answers it: string ids, plain fields (metric). */
export interface LoggedSetRecord extends Omit<
  LoggedSet,
  'userId' | 'sessionId' | 'rank' | 'createdAt' | 'updatedAt' | 'removed'
> {
  id: string;
  userId: string;
  sessionId: string;
  rank?: SetRank;
}

/** A set to store: what the service decided (rank, records), ids as strings or ObjectIds. */
export type NewLoggedSet = Omit<LoggedSetRecord, 'id' | 'userId' | 'sessionId'> & { userId: Id; sessionId: Id };

/** Sets in a date range are read at most this many (newest first): a bound no member's twelve weeks reach. */
export const RANGE_SETS_MAX = 20_000;

/** The best a member's work sets of one exercise hold, per record kind, each the set that holds it. */
export type Bests = Partial<Record<PersonalRecordKind, LoggedSetRecord>>;

/** Why a keyed write did not land: the key names a removed set, or a set of another session. */
export type KeyRefusal = 'removed' | 'other_session';

/**
 * The one owner of the `logged_sets` collection (the training log). Every read is indexed and
 * bounded, so it answers alike at 1k and at 500k logged sets; removed sets are never answered.
 *
 * Read methods other modules use (programs, import/export):
 * - `forExercise`: a member's sets of one exercise, newest first, a page at a time;
 * - `latestPerExercise`: for each exercise, the sets of the last session it was done in;
 * - `inRange`: a member's sets performed in [from, to), newest first;
 * - `forSession`: one workout's sets, in order.
 */
@Injectable()
export class LoggedSetsRepository {
  constructor(@InjectModel(LoggedSet.name) private readonly sets: Model<LoggedSet>) {}

  /**
   * `(userId, key)` unique: logs the set under its key or edits it (same user, same session, not
   * removed). A key already naming a removed set or another session's set changes nothing and
   * answers why.
   */
  async upsert(set: NewLoggedSet, retried = false): Promise<LoggedSetRecord | KeyRefusal> {
    const { userId, sessionId, key, ...fields } = set;
    const filter = { userId: toObjectId(userId), key, sessionId: toObjectId(sessionId), removed: false };
    const unset = (['reps', 'loadKg', 'seconds', 'meters', 'rpe', 'e1rmKg', 'rank'] as const).filter(
      (f) => fields[f] === undefined,
    );
    try {
      const stored = await this.sets
        .findOneAndUpdate(
          filter,
          {
            $set: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
            ...(unset.length ? { $unset: Object.fromEntries(unset.map((f) => [f, 1])) } : {}),
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<StoredLoggedSet>()
        .exec();
      return toRecord(stored);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const existing = await this.sets
        .findOne({ userId: toObjectId(userId), key }, { removed: 1, sessionId: 1 })
        .lean<StoredLoggedSet>()
        .exec();
      if (existing?.removed) return 'removed';
      // Two sends of one new set raced: the other inserted it, this one edits it (once: then it is not ours).
      if (retried || !existing || String(existing.sessionId) !== String(sessionId)) return 'other_session';
      return this.upsert(set, true);
    }
  }

  /** `(userId, key)`: marks the set removed (a tombstone) and drops its rank; false when there was none to remove. */
  async remove(userId: Id, sessionId: Id, key: string): Promise<boolean> {
    const result = await this.sets
      .updateOne(
        { userId: toObjectId(userId), key, sessionId: toObjectId(sessionId), removed: false },
        { $set: { removed: true }, $unset: { rank: 1 } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** `(userId, key)`: a set by its key, removed or not, with `removed` said. */
  async findByKey(userId: Id, key: string): Promise<(LoggedSetRecord & { removed: boolean }) | null> {
    const stored = await this.sets
      .findOne({ userId: toObjectId(userId), key })
      .lean<StoredLoggedSet>()
      .exec();
    return stored ? { ...toRecord(stored), removed: stored.removed } : null;
  }

  /**
   * Bulk insert (an import): unordered, so a set whose key is already stored is skipped, not an
   * error. How many were inserted.
   */
  async insertMany(sets: NewLoggedSet[]): Promise<number> {
    if (!sets.length) return 0;
    const docs = sets.map(({ userId, sessionId, ...rest }) => ({
      ...rest,
      _id: new Types.ObjectId(),
      userId: toObjectId(userId),
      sessionId: toObjectId(sessionId),
      removed: false,
    }));
    try {
      const inserted = await this.sets.insertMany(docs, { ordered: false, lean: true });
      return inserted.length;
    } catch (err) {
      const result = err as { code?: number; insertedDocs?: unknown[]; result?: { insertedCount?: number } };
      if (!isDuplicateKey(err) && !String((err as Error).message).includes('E11000')) throw err;
      return result.insertedDocs?.length ?? result.result?.insertedCount ?? 0;
    }
  }

  /** `(sessionId, order)`: one workout's sets (at most SESSION_SETS_MAX), in order. */
  async forSession(userId: Id, sessionId: Id): Promise<LoggedSetRecord[]> {
    const rows = await this.sets
      .find({ sessionId: toObjectId(sessionId), userId: toObjectId(userId), removed: false })
      .sort({ order: 1 })
      .limit(SESSION_SETS_MAX)
      .lean<StoredLoggedSet[]>()
      .exec();
    return rows.map(toRecord);
  }

  /** `(sessionId, order)`: how many sets a workout holds (removed ones included: the bound is on what was written). */
  countForSession(sessionId: Id): Promise<number> {
    return this.sets.countDocuments({ sessionId: toObjectId(sessionId) }).exec();
  }

  /** `(userId, catalogueId, performedAt)`: a member's sets of one exercise performed before `before`, newest first. */
  async forExercise(userId: Id, catalogueId: string, limit: number, before?: Date): Promise<LoggedSetRecord[]> {
    const rows = await this.sets
      .find({
        userId: toObjectId(userId),
        catalogueId,
        removed: false,
        ...(before ? { performedAt: { $lt: before } } : {}),
      })
      .sort({ performedAt: -1 })
      .limit(limit)
      .lean<StoredLoggedSet[]>()
      .exec();
    return rows.map(toRecord);
  }

  /**
   * `(userId, catalogueId, performedAt)` then `(sessionId, order)`: for each exercise, the sets of
   * the last session it was done in (other than `exceptSession`), in order. Two reads per exercise.
   */
  async latestPerExercise(
    userId: Id,
    catalogueIds: string[],
    exceptSession?: Id,
  ): Promise<Map<string, LoggedSetRecord[]>> {
    const except = exceptSession ? { sessionId: { $ne: toObjectId(exceptSession) } } : {};
    const entries = await Promise.all(
      [...new Set(catalogueIds)].map(async (catalogueId) => {
        const latest = await this.sets
          .findOne({ userId: toObjectId(userId), catalogueId, removed: false, ...except }, { sessionId: 1 })
          .sort({ performedAt: -1 })
          .lean<StoredLoggedSet>()
          .exec();
        if (!latest) return null;
        const rows = await this.sets
          .find({ sessionId: latest.sessionId, userId: toObjectId(userId), catalogueId, removed: false })
          .sort({ order: 1 })
          .limit(SESSION_SETS_MAX)
          .lean<StoredLoggedSet[]>()
          .exec();
        return [catalogueId, rows.map(toRecord)] as const;
      }),
    );
    return new Map(entries.filter((e) => e !== null));
  }

  /** `(userId, performedAt)`: a member's sets performed in [from, to), newest first, at most `limit`. */
  async inRange(userId: Id, from: Date, to: Date, limit = RANGE_SETS_MAX): Promise<LoggedSetRecord[]> {
    const rows = await this.sets
      .find({ userId: toObjectId(userId), performedAt: { $gte: from, $lt: to }, removed: false })
      .sort({ performedAt: -1 })
      .limit(Math.min(limit, RANGE_SETS_MAX))
      .lean<StoredLoggedSet[]>()
      .exec();
    return rows.map(toRecord);
  }

  /**
   * The record indexes, one read each in index order (equalities and a sort only, so the local
   * store reads its index in order and stops: flat in the size of the log): the member's best work
   * set of the exercise for each record kind, leaving out the set `exceptKey` (the one being
   * logged). `at.loadKg`: most reps at that load; `at.meters`: fastest over that distance.
   */
  async bests(
    userId: Id,
    catalogueId: string,
    at: { loadKg?: number; meters?: number },
    exceptKey?: string,
  ): Promise<Bests> {
    const base = { userId: toObjectId(userId), catalogueId };
    // Two read, as the first may be the set being logged; one without the ranked field holds no record.
    const top = async (filter: object, sort: Record<string, 1 | -1>, ranked: keyof SetRank) => {
      const rows = await this.sets
        .find({ ...base, ...filter })
        .sort(sort)
        .limit(2)
        .lean<StoredLoggedSet[]>()
        .exec();
      const row = rows.find((r) => r.key !== exceptKey);
      return row?.rank?.[ranked] !== undefined ? toRecord(row) : undefined;
    };
    const [heaviest, mostReps, bestE1rm, bestVolume, fastest] = await Promise.all([
      top({}, { 'rank.loadKg': -1 }, 'loadKg'),
      at.loadKg ? top({ 'rank.loadKey': String(at.loadKg) }, { 'rank.reps': -1 }, 'reps') : undefined,
      top({}, { 'rank.e1rmKg': -1 }, 'e1rmKg'),
      top({}, { 'rank.volumeKg': -1 }, 'volumeKg'),
      at.meters ? top({ 'rank.metersKey': String(at.meters) }, { 'rank.seconds': 1 }, 'seconds') : undefined,
    ]);
    const bests: Bests = {};
    if (heaviest) bests.heaviest = heaviest;
    if (mostReps) bests.most_reps = mostReps;
    if (bestE1rm) bests.best_e1rm = bestE1rm;
    if (bestVolume) bests.best_volume = bestVolume;
    if (fastest) bests.fastest = fastest;
    return bests;
  }
}

function toRecord({
  _id,
  userId,
  sessionId,
  removed: _removed,
  createdAt: _c,
  updatedAt: _u,
  ...rest
}: StoredLoggedSet) {
  return { ...rest, id: _id.toString(), userId: userId.toString(), sessionId: sessionId.toString() } as LoggedSetRecord;
}
