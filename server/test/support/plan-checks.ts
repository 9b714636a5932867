/**
 * What a trainer checks on every generated workout, as one function the rules' tests share: the time
 * budget, doses within bounds (rep counts trainers write, short jumps), the equipment and limitations
 * kept (no jumping on a bad knee), no repeats, the blocks in order, "each side" and "hold" where they
 * belong, sprints never a steady block, yoga made of poses, strength of three exercises or more, the
 * focus trained, the body parts the name promises trained, and resting muscles left out (unless the
 * notes say they are trained at lighter doses). Answers the problems found (none: []).
 */
import type { MuscleGroup } from '../../src/contract';
import { DIFFICULTIES, ExerciseDose, LIMITATIONS, MUSCLE_GROUPS } from '../../src/contract';
import type { PlannedExercise, PlanRequest } from '../../src/contract/job-shapes';
import { WorkoutPlan } from '../../src/contract/job-shapes';
import { catalogueExercise } from '../../src/workouts/catalogue';
import type { CatalogueExercise, MovementPattern } from '../../src/workouts/catalogue/catalogue.types';
import { doseSeconds, maxWorkSeconds, prescription } from '../../src/workouts/programming/dose.rules';
import { trainsAny } from '../../src/workouts/programming/eligibility.rules';
import { DOSE_BOUNDS, REP_COUNTS, TIME_TOLERANCE } from '../../src/workouts/programming/programming.data';
import { screeningAllows } from '../../src/workouts/screening/screening.rules';

export function planProblems(
  plan: { name: string; exercises: PlannedExercise[]; notes: string[] },
  request: PlanRequest,
): string[] {
  const problems: string[] = [];
  const parsed = WorkoutPlan.safeParse(plan);
  if (!parsed.success)
    problems.push(
      `not a WorkoutPlan: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );

  const phases = plan.exercises.map((e) => e.phase);
  if (phases[0] !== 'warmup') problems.push('does not start with a warm-up');
  if (phases[phases.length - 1] !== 'cooldown') problems.push('does not end with a cool-down');
  if (!phases.includes('main')) problems.push('has no main block');
  const rank = { warmup: 0, main: 1, cooldown: 2 };
  if (phases.some((p, i) => i > 0 && rank[p] < rank[phases[i - 1]]))
    problems.push(`blocks out of order: ${phases.join(',')}`);

  const ids = plan.exercises.map((e) => e.catalogueId);
  if (new Set(ids).size !== ids.length) problems.push(`an exercise twice: ${ids.join(',')}`);

  let seconds = 0;
  for (const planned of plan.exercises) {
    const entry = planned.catalogueId ? catalogueExercise(planned.catalogueId) : undefined;
    const dose = planned.dose;
    if (!entry || !dose) {
      problems.push(`${planned.name}: no catalogue entry or dose`);
      continue;
    }
    const where = `${entry.id} (${planned.phase}, ${planned.prescription})`;
    if (!ExerciseDose.safeParse(dose).success) problems.push(`${where}: dose does not match the contract`);
    seconds += doseSeconds(dose, entry);
    if (!entry.equipment.every((item) => request.equipment.includes(item)))
      problems.push(`${where}: needs ${entry.equipment.join(', ')}`);
    const loaded = entry.loads.filter((joint) => request.limitations.includes(joint));
    if (loaded.length) problems.push(`${where}: loads ${loaded.join(', ')}`);
    if (DIFFICULTIES.indexOf(entry.level) > DIFFICULTIES.indexOf(request.difficulty))
      problems.push(`${where}: ${entry.level} level`);
    if (!screeningAllows(entry, request.screening))
      problems.push(
        `${where}: ruled out by the health screening (${entry.lying ?? ''} ${entry.impact} impact${entry.allOut ? ', all-out' : ''}, ${entry.level})`,
      );
    if (request.type === 'yoga' && entry.impact !== 'low') problems.push(`${where}: ${entry.impact} impact in yoga`);
    if (planned.phase === 'warmup' && entry.impact === 'high') problems.push(`${where}: high impact to warm up`);
    if (!entry.phases.includes(planned.phase)) problems.push(`${where}: not a ${planned.phase} exercise`);
    problems.push(...doseProblems(dose, entry, where));
    problems.push(...coachingProblems(planned, entry, request, where));
    if (planned.prescription !== prescription(dose, entry))
      problems.push(`${where}: prescription does not read its dose`);
    const saysEachSide = planned.prescription.includes('each side');
    if (dose.kind !== 'distance' && (entry.unilateral !== dose.eachSide || saysEachSide !== entry.unilateral))
      problems.push(`${where}: each-side wording wrong`);
  }
  // "Nothing that loads your knee" is a promise about every exercise of the plan.
  for (const note of plan.notes.filter((n) => /^Nothing that loads your /.test(n))) {
    const promised = LIMITATIONS.filter((l) => note.includes(l.replace(/_/g, ' ')));
    const broken = plan.exercises.filter((e) =>
      promised.some(
        (l) => !catalogueExercise(e.catalogueId ?? '') || catalogueExercise(e.catalogueId ?? '')!.loads.includes(l),
      ),
    );
    if (broken.length)
      problems.push(`notes say "${note}" but ${broken.map((e) => e.catalogueId ?? e.name).join(', ')} load it`);
  }
  if (request.screening)
    for (const note of request.screening.notes)
      if (!plan.notes.includes(note)) problems.push(`the screening's advice is missing: ${note}`);
  const target = request.minutes * 60;
  if (Math.abs(seconds - target) > target * TIME_TOLERANCE)
    problems.push(`takes ${Math.round(seconds)} s for ${target} s asked`);
  const main = plan.exercises.filter((e) => e.phase === 'main');
  if (request.type === 'strength' && main.length < 3)
    problems.push(`a strength session of ${main.length} main exercises`);
  problems.push(...bodyPartProblems(plan, request));
  return problems;
}

/** Movements a yoga flow is made of; anything else in a yoga main block must be a yoga-only entry (a chaturanga). */
const YOGA_PATTERNS: readonly MovementPattern[] = ['pose', 'stretch', 'balance', 'mobility', 'breathing', 'rotation'];

/** A yoga pose, not a strength or core exercise that happens to be done on a mat (Superman Hold, Prone Y Raise). */
export function isYogaPose(entry: Pick<CatalogueExercise, 'pattern' | 'types'>): boolean {
  return YOGA_PATTERNS.includes(entry.pattern) || entry.types.every((type) => type === 'yoga');
}

/** What a coach would not sign: a sprint as a steady block, jumps on a bad knee, reps written as a hold, gym moves in a yoga flow. */
function coachingProblems(
  planned: PlannedExercise,
  entry: CatalogueExercise,
  request: PlanRequest,
  where: string,
): string[] {
  const problems: string[] = [];
  if (planned.phase === 'main' && entry.pace === 'intervals' && planned.dose?.sets === 1)
    problems.push(`${where}: a sprint as one steady block`);
  if (entry.pattern === 'plyometric' && request.limitations.includes('knee'))
    problems.push(`${where}: jumping with a bad knee`);
  if (/\bhold\b/i.test(planned.prescription) && entry.dosing !== 'time')
    problems.push(`${where}: a ${entry.dosing}-dosed move written as a hold`);
  if (request.type === 'yoga' && planned.phase === 'main' && !isYogaPose(entry))
    problems.push(`${where}: not a yoga pose`);
  return problems;
}

/** The main block trains the focus asked for and leaves resting muscles out, unless the notes say it could not. */
function bodyPartProblems(
  plan: { name: string; exercises: PlannedExercise[]; notes: string[] },
  request: PlanRequest,
): string[] {
  const problems: string[] = [];
  const main = plan.exercises
    .filter((e) => e.phase === 'main')
    .flatMap((e) => catalogueExercise(e.catalogueId ?? '') ?? []);
  const says = (pattern: RegExp) => plan.notes.some((note) => pattern.test(note));
  const focus = request.focus.filter((group) => !NOT_BODY_PARTS.includes(group));
  if (focus.length && !says(/^Nothing for your/) && !main.some((e) => trainsAny(e, focus)))
    problems.push(`no main exercise trains the focus ${focus.join(', ')}`);
  // A body part the session's name promises ("Chest & Back") is trained by its main block.
  for (const group of BODY_PARTS.filter((g) => new RegExp(`\\b${g}\\b`, 'i').test(plan.name))) {
    if (!main.some((e) => trainsAny(e, [group])))
      problems.push(`named "${plan.name}" but no main exercise trains the ${group}`);
  }
  // A recovering part the notes say is trained at lighter doses (asked for, or too little left without it) may be trained; the others rest.
  const lighter = plan.notes.find((note) => /so this plan trains them at lighter doses/.test(note)) ?? '';
  const resting = request.avoidMuscles.filter(
    (group) => !NOT_BODY_PARTS.includes(group) && !new RegExp(`\\b${group}\\b`).test(lighter.split('worked hard')[0]),
  );
  if (resting.length) {
    for (const e of main.filter((m) => trainsAny(m, resting)))
      problems.push(`${e.id} trains resting ${resting.join(', ')}`);
  }
  return problems;
}

/** Tags of effort, not body parts to favour or rest. */
const NOT_BODY_PARTS: readonly MuscleGroup[] = ['cardio', 'mobility', 'full_body'];
const BODY_PARTS = MUSCLE_GROUPS.filter((group) => !NOT_BODY_PARTS.includes(group));

/** Bounds a trainer would write within: the usual rep counts (5–20), holds up to 90 s, intervals up to the type's maximum, rounds of jumping up to 30 s. */
export function doseProblems(dose: ExerciseDose, entry: Parameters<typeof maxWorkSeconds>[1], where: string): string[] {
  const problems: string[] = [];
  if (dose.sets > DOSE_BOUNDS.sets.max) problems.push(`${where}: ${dose.sets} sets`);
  if (dose.restSeconds > DOSE_BOUNDS.restSeconds.max) problems.push(`${where}: rest ${dose.restSeconds} s`);
  if (dose.kind === 'reps' && !REP_COUNTS.includes(dose.reps)) problems.push(`${where}: ${dose.reps} reps`);
  if (dose.kind === 'time' && dose.workSeconds > maxWorkSeconds(dose, entry))
    problems.push(`${where}: ${dose.workSeconds} s of work in one go`);
  const jumpingRounds = dose.kind === 'time' && dose.sets > 1 && entry.pattern === 'plyometric';
  if (jumpingRounds && dose.workSeconds > DOSE_BOUNDS.explosiveSeconds.max)
    problems.push(`${where}: rounds of ${dose.workSeconds} s of jumping`);
  return problems;
}
