import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppError } from '../common/errors';
import type { ExportQuery, ImportQuery, ImportResult } from '../contract';
import { IMPORT_SKIP } from '../contract/values';
import { JobRefusal } from '../queue/job-errors';
import { type JobData, JobName } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { LoggedSetsRepository, RANGE_SETS_MAX } from '../training-log/logged-sets.repository';
import { rankOf } from '../training-log/training-log.rules';
import { CATALOGUE, catalogueExercise } from '../workouts/catalogue';
import { exerciseNameIndex } from '../workouts/catalogue/catalogue.rules';
import { parseCsv } from './csv.rules';
import { matchImportedName } from './exercise-match.rules';
import { planImport } from './imports.rules';
import { detectLayout, readExport, writeExport } from './layouts.rules';

/** Sets inserted per write while an import runs; progress is reported after each. */
const BATCH = 500;
const NAMES = exerciseNameIndex(CATALOGUE);

/** What a mapping names: a catalogue id, or a catalogue exercise's name as the member typed it. */
const mappedExercise = (idOrName: string) => catalogueExercise(idOrName) ?? matchImportedName(NAMES, idOrName);

/**
 * Bringing history in from Strong or Hevy and taking the log out in their layouts. An import only
 * adds logged sets (source `import`): no workout, no session, no credit (docs/product.md, Import
 * and export).
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly jobs: JobsService,
    private readonly loggedSets: LoggedSetsRepository,
  ) {}

  /** Runs the import as a job (followed with X-Job-Key) and answers its result. */
  run(userId: string, csv: unknown, query: ImportQuery, clientKey?: string): Promise<ImportResult> {
    if (typeof csv !== 'string' || !csv.trim())
      throw new AppError('IMPORT_NO_ROWS', 'Send the CSV file as the body, with Content-Type text/csv', 'No File');
    return this.jobs.run(
      JobName.LogImport,
      { ownerId: userId, csv, units: query.units, mapping: query.mapping },
      { clientKey, attempts: 2 },
    );
  }

  @OnJob(JobName.LogImport)
  async importFile(job: Job<JobData<JobName.LogImport>, ImportResult>): Promise<ImportResult> {
    const { ownerId, csv, units, mapping } = job.data;
    const rows = parseCsv(csv);
    const layout = rows.length ? detectLayout(rows[0]) : null;
    if (!layout)
      throw new JobRefusal(
        'IMPORT_UNKNOWN_LAYOUT',
        'This is not a Strong or Hevy export: its header lacks their columns',
        'Unknown File',
      );
    const { sets, skipped } = readExport(layout, rows, units);
    if (!sets.length) throw new JobRefusal('IMPORT_NO_ROWS', 'No set in this file could be read', 'Nothing to Import');
    const unknownIds = Object.values(mapping).filter((id) => id !== IMPORT_SKIP && !mappedExercise(id));
    if (unknownIds.length)
      throw new JobRefusal('IMPORT_MAPPING_INVALID', `No catalogue exercise ${unknownIds.join(', ')}`, 'Bad Mapping');
    await job.updateProgress(20);
    const plan = planImport(sets, (name) => matchImportedName(NAMES, name), mapping, mappedExercise);
    if (plan.kind === 'needs_mapping') return { status: 'needs_mapping', layout, unmatched: plan.unmatched };
    let imported = 0;
    for (let at = 0; at < plan.sets.length; at += BATCH) {
      const batch = plan.sets.slice(at, at + BATCH).map((set) => ({
        ...set,
        userId: ownerId,
        source: 'import' as const,
        importId: job.id ?? undefined,
        records: [],
        // Ranked like a logged set, so imported history counts toward the records it holds.
        rank: rankOf(set),
      }));
      imported += await this.loggedSets.insertMany(batch);
      await job.updateProgress(20 + Math.round((80 * Math.min(at + BATCH, plan.sets.length)) / plan.sets.length));
    }
    return {
      status: 'imported',
      layout,
      imported,
      alreadyImported: plan.sets.length - imported,
      workouts: plan.workouts,
      skippedRows: skipped,
      skippedExercises: plan.skippedExercises,
    };
  }

  /** The member's log (newest RANGE_SETS_MAX sets) as a Strong or Hevy CSV. */
  async export(userId: string, query: ExportQuery): Promise<string> {
    const sets = await this.loggedSets.inRange(userId, new Date(0), new Date(8.64e15), RANGE_SETS_MAX);
    return writeExport(query.layout, sets, 'Sweat Credits session');
  }
}
