import type { LoggedSetView } from '../contract';
import type { LoggedSetRecord } from './logged-sets.repository';

/** A stored set as the API answers it. */
export function toLoggedSetView(s: LoggedSetRecord): LoggedSetView {
  return {
    key: s.key,
    sessionId: s.sessionId,
    exerciseId: s.exerciseId,
    catalogueId: s.catalogueId,
    exerciseName: s.exerciseName,
    muscles: s.muscles,
    kind: s.kind,
    order: s.order,
    warmup: s.warmup,
    ...(s.reps !== undefined ? { reps: s.reps } : {}),
    ...(s.loadKg !== undefined ? { loadKg: s.loadKg } : {}),
    ...(s.seconds !== undefined ? { seconds: s.seconds } : {}),
    ...(s.meters !== undefined ? { meters: s.meters } : {}),
    ...(s.rpe !== undefined ? { rpe: s.rpe } : {}),
    ...(s.e1rmKg !== undefined ? { e1rmKg: s.e1rmKg } : {}),
    performedAt: s.performedAt.toISOString(),
    source: s.source,
    records: s.records ?? [],
  };
}
