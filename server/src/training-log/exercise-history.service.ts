import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import {
  type ExerciseHistoryView,
  type HistoryQuery,
  PERSONAL_RECORD_KINDS,
  type PersonalRecordView,
  PROGRESS_EXERCISES,
  PROGRESS_WEEKS,
  type ProgressChartsView,
} from '../contract';
import { catalogueExercise } from '../workouts/catalogue';
import { toLoggedSetView } from './logged-set.view';
import { LoggedSetsRepository } from './logged-sets.repository';
import { progressCharts, weeksUpTo } from './training-log.rules';

/** Reading the log back: an exercise's history and records, and the progress page's charts; each read indexed and bounded. */
@Injectable()
export class ExerciseHistoryService {
  constructor(
    private readonly sets: LoggedSetsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of the exercise's sets, newest first, and its records: heaviest, best e1RM and volume,
   * most reps at the heaviest load, fastest over the distance last covered.
   */
  async history(userId: string, catalogueId: string, query: HistoryQuery): Promise<ExerciseHistoryView> {
    const page = await this.sets.forExercise(
      userId,
      catalogueId,
      query.limit + 1,
      query.before ? new Date(query.before) : undefined,
    );
    // An id neither in the catalogue nor in the member's log names no exercise (a planned exercise
    // outside the catalogue has a history once it is logged).
    if (!page.length && !query.before && !catalogueExercise(catalogueId))
      throw new AppError(
        'LOG_EXERCISE_UNKNOWN',
        'No exercise of the catalogue or of your log has this id',
        'Exercise Not Found',
      );
    const sets = page.slice(0, query.limit);
    const heaviestLoad = (await this.sets.bests(userId, catalogueId, {})).heaviest?.rank?.loadKg;
    const lastMeters = page.find((s) => s.rank?.meters)?.rank?.meters;
    const bests = await this.sets.bests(userId, catalogueId, { loadKg: heaviestLoad, meters: lastMeters });
    const records: PersonalRecordView[] = [];
    for (const kind of PERSONAL_RECORD_KINDS) {
      const holder = bests[kind];
      const rank = holder?.rank;
      if (!holder || !rank) continue;
      const value = {
        heaviest: rank.loadKg,
        most_reps: rank.reps,
        best_e1rm: rank.e1rmKg,
        best_volume: rank.volumeKg,
        fastest: rank.seconds,
      }[kind];
      if (value === undefined) continue;
      records.push({
        kind,
        value,
        ...(kind === 'most_reps' ? { atLoadKg: rank.loadKg } : {}),
        ...(kind === 'fastest' ? { atMeters: rank.meters } : {}),
        set: toLoggedSetView(holder),
      });
    }
    return {
      catalogueId,
      exerciseName: sets[0]?.exerciseName ?? catalogueExercise(catalogueId)?.name ?? catalogueId,
      sets: sets.map(toLoggedSetView),
      records,
      nextBefore: page.length > query.limit ? sets[sets.length - 1].performedAt.toISOString() : null,
    };
  }

  /** The last PROGRESS_WEEKS weeks: best e1RM per week of the most-trained exercises, and volume per muscle group. */
  async progress(userId: string): Promise<ProgressChartsView> {
    const now = this.clock.now();
    const weeks = weeksUpTo(now, PROGRESS_WEEKS);
    const sets = await this.sets.inRange(userId, weeks[0], new Date(now.getTime() + 1));
    return progressCharts(sets, weeks, PROGRESS_EXERCISES);
  }
}
