import { z } from 'zod';

import { IMPORT_LAYOUTS, IMPORT_WEIGHT_UNITS } from './values';

/**
 * POST /api/log/import (body: the CSV file, text/csv): `units` is what a Strong export without
 * unit columns is in; `mapping` (JSON) names a catalogue id or name, or `skip`, for each exercise
 * the catalogue did not match. Run as a job the client follows with X-Job-Key.
 */
export const ImportQuery = z.strictObject({
  units: z.enum(IMPORT_WEIGHT_UNITS).default('kg'),
  mapping: z
    .string()
    // It travels in the URL: bounded well inside Node's 16 KB for a request's line and headers, even percent-encoded.
    .max(4_000)
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        const parsed = z.record(z.string().min(1).max(200), z.string().min(1).max(64)).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Reported below as the mapping's refusal.
      }
      ctx.addIssue({ code: 'custom', message: 'mapping must be a JSON object of exercise names to catalogue ids' });
      return z.NEVER;
    }),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

export const ImportResult = z.discriminatedUnion('status', [
  /** Nothing was stored: these names need a catalogue id (or skip) in `mapping`. */
  z.object({
    status: z.literal('needs_mapping'),
    layout: z.enum(IMPORT_LAYOUTS),
    unmatched: z.array(z.object({ name: z.string(), sets: z.number().int() })),
  }),
  z.object({
    status: z.literal('imported'),
    layout: z.enum(IMPORT_LAYOUTS),
    /** Sets stored now; `alreadyImported`: sets of the file the log held already (a re-import). */
    imported: z.number().int(),
    alreadyImported: z.number().int(),
    workouts: z.number().int(),
    skippedRows: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    skippedExercises: z.array(z.string()),
  }),
]);
export type ImportResult = z.infer<typeof ImportResult>;

/** GET /api/log/export?layout=strong|hevy: the member's log as that app's CSV. */
export const ExportQuery = z.strictObject({ layout: z.enum(IMPORT_LAYOUTS).default('strong') });
export type ExportQuery = z.infer<typeof ExportQuery>;
