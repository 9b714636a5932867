/**
 * A program day as today's workout: each slot's dose for the week (from the log where the slot
 * progresses by it), in the words a trainer writes, as a plan the workouts module stores like any
 * other (docs/product.md, Programs).
 */
import type { ExerciseDose, ExerciseView, WorkoutType } from '../contract';
import type { PlannedExercise, WorkoutPlan } from '../contract/job-shapes';
import { formatSeconds } from '../contract/values';
import { catalogueExercise } from '../workouts/catalogue';
import type { CatalogueExercise } from '../workouts/catalogue/catalogue.types';
import { doseSeconds } from '../workouts/programming/dose.rules';
import { allowedFor, type Constraints } from '../workouts/programming/eligibility.rules';
import { plannedExercise } from '../workouts/programming/session.rules';
import { swapExercise } from '../workouts/programming/swap.rules';
import type { Program, ProgramSlot } from './catalogue';
import {
  doubleProgression,
  type ExerciseSession,
  loadStep,
  plannedDeload,
  type Progression,
  trainingMax,
  waveSets,
  weeklyAmount,
} from './progression.rules';
import type { PlannedSession } from './schedule.rules';

/** Minutes a program session is planned for are rounded up to these, within the plan's bounds. */
const MINUTES_STEP = 5;
const MINUTES = { min: 10, max: 90 } as const;

export interface ProgramSessionPlan {
  plan: WorkoutPlan;
  minutes: number;
  /** Per catalogue id, why its dose is what it is (shown as the plan's notes). */
  progressions: Record<string, Progression>;
}

const REASON_NOTES: Record<Progression['reason'], (name: string) => string | null> = {
  start: (name) => `${name}: pick a load you could lift two more times; the log takes it from there.`,
  reps_up: () => null,
  load_up: (name) => `${name}: every set reached the top of the range last time, so the load goes up.`,
  repeat: (name) => `${name}: same load as last time; beat last time's reps.`,
  deload: (name) => `${name}: two sessions in a row fell short, so this one is lighter to build back up.`,
  top_of_range: (name) => `${name}: at the top of the range; slow the reps down or move to a harder variation.`,
};

/** The session of `program` at `session`, dosed from each exercise's recent history (newest session first). */
export function programSessionPlan(
  program: Program,
  session: PlannedSession,
  histories: ReadonlyMap<string, readonly ExerciseSession[]>,
): ProgramSessionPlan {
  const day = program.days[session.day];
  const progressions: Record<string, Progression> = {};
  const notes: string[] = [];
  const exercises = day.slots.map((slot) => {
    const exercise = catalogueExercise(slot.exercise);
    if (!exercise) throw new Error(`Program ${program.id} names no catalogue exercise ${slot.exercise}`);
    const dosed = slotExercise(slot, exercise, session, histories.get(slot.exercise) ?? []);
    if (dosed.progression) {
      progressions[slot.exercise] = dosed.progression;
      const note = REASON_NOTES[dosed.progression.reason](exercise.name);
      if (note) notes.push(note);
    }
    return dosed.planned;
  });
  const seconds = day.slots.reduce(
    (sum, slot, i) => sum + doseSeconds(exercises[i].dose!, catalogueExercise(slot.exercise)!),
    0,
  );
  const minutes = Math.min(MINUTES.max, Math.max(MINUTES.min, Math.ceil(seconds / 60 / MINUTES_STEP) * MINUTES_STEP));
  const lead = `${program.name} · week ${session.week} of ${program.weeks}${session.deload ? ' · deload week: lighter on purpose' : ''}.`;
  return {
    plan: { name: `${program.name}: ${day.name} · W${session.week}`, exercises, notes: [lead, ...notes].slice(0, 6) },
    minutes,
    progressions,
  };
}

function slotExercise(
  slot: ProgramSlot,
  exercise: CatalogueExercise,
  session: PlannedSession,
  history: readonly ExerciseSession[],
): { planned: PlannedExercise; progression?: Progression } {
  const eachSide = exercise.unilateral && exercise.dosing !== 'distance';
  const rest = slot.restSeconds;
  const target = slot.target;
  const step = loadStep(exercise.equipment);
  switch (target.kind) {
    case 'double': {
      const progression = doubleProgression(history, { sets: slot.sets, ...target }, step);
      const dosed = session.deload
        ? plannedDeload(progression, slot.sets, step)
        : { sets: slot.sets, reps: progression.reps, loadKg: progression.loadKg };
      const dose: ExerciseDose = {
        kind: 'reps',
        sets: dosed.sets,
        reps: dosed.reps,
        restSeconds: rest,
        eachSide,
        ...(dosed.loadKg ? { loadKg: dosed.loadKg } : {}),
      };
      const range = `${target.repsMin}–${target.repsMax}`;
      const words = `${dose.sets} × ${dose.reps}${eachSide ? ' each side' : ''} (range ${range})${dose.loadKg ? ` @ ${dose.loadKg} kg` : ''} · rest ${formatSeconds(rest)}`;
      return { planned: { ...plannedExercise(exercise, slot.phase, dose), prescription: words }, progression };
    }
    case 'wave': {
      const waveStep = step ?? 2.5;
      const sets = waveSets(session.week, trainingMax(history, waveStep), waveStep);
      const top = sets[sets.length - 1];
      const dose: ExerciseDose = {
        kind: 'reps',
        sets: sets.length,
        reps: top.reps,
        restSeconds: rest,
        eachSide,
        ...(top.loadKg ? { loadKg: top.loadKg } : {}),
      };
      const words = sets
        .map(
          (s) =>
            `${s.reps}${s.amrap ? '+' : ''} @ ${s.loadKg ? `${s.loadKg} kg` : `${Math.round(s.share * 100)} % of training max`}`,
        )
        .join(', ');
      return {
        planned: {
          ...plannedExercise(exercise, slot.phase, dose),
          prescription: `${words} · rest ${formatSeconds(rest)}`,
        },
      };
    }
    case 'weeks': {
      const week = target.weeks[Math.min(session.week, target.weeks.length) - 1];
      const dose: ExerciseDose = { kind: 'time', ...week, eachSide: false };
      return { planned: runWalk(exercise, slot, dose) };
    }
    default: {
      const amount = weeklyAmount(
        target.kind === 'reps' ? target.reps : target.kind === 'time' ? target.seconds : target.meters,
        target.addPerWeek,
        target.max,
        session.week,
      );
      const sets = session.deload ? Math.ceil(slot.sets / 2) : slot.sets;
      const dose: ExerciseDose =
        target.kind === 'reps'
          ? { kind: 'reps', sets, reps: amount, restSeconds: rest, eachSide }
          : target.kind === 'time'
            ? { kind: 'time', sets, workSeconds: amount, restSeconds: rest, eachSide }
            : { kind: 'distance', sets, meters: amount, restSeconds: rest, eachSide: false };
      return { planned: plannedExercise(exercise, slot.phase, dose) };
    }
  }
}

/** Run-walk rounds read as such: "8 × run 1 min, walk 90 s"; a single block is a steady run. */
function runWalk(exercise: CatalogueExercise, slot: ProgramSlot, dose: Extract<ExerciseDose, { kind: 'time' }>) {
  const planned = plannedExercise(exercise, slot.phase, dose);
  const words =
    dose.sets === 1
      ? `Run ${formatSeconds(dose.workSeconds)} without stopping, at a pace you can talk at`
      : `${dose.sets} × run ${formatSeconds(dose.workSeconds)}, walk ${formatSeconds(dose.restSeconds)}`;
  return { ...planned, prescription: words };
}

/**
 * The program's exercises kept to the member: one that loads a stated limitation or that their
 * health screening rules out is swapped for an equivalent (SWAP's rules), or left out when none
 * fits. The program's own level and equipment are the member's choice, so only those limits apply.
 */
export function fitToMember(
  exercises: readonly PlannedExercise[],
  constraints: Pick<Constraints, 'equipment' | 'limitations' | 'screening'>,
  type: WorkoutType,
  seed: string,
): { exercises: PlannedExercise[]; notes: string[] } {
  const limits: Constraints = { ...constraints, difficulty: 'advanced' };
  let views: ExerciseView[] = exercises.map((e, i) => ({ ...e, id: `ex${i + 1}` }));
  const notes: string[] = [];
  for (const view of [...views]) {
    const entry = view.catalogueId ? catalogueExercise(view.catalogueId) : undefined;
    if (!entry || allowedFor(entry, limits)) continue;
    const swapped = swapExercise(views, view.id, { ...limits, type, seed });
    if (swapped.kind === 'swapped') {
      views = views.map((e, i) => (i === swapped.index ? swapped.exercise : e));
      notes.push(`${swapped.exercise.name} stands in for ${view.name}, which your limits rule out.`);
    } else {
      views = views.filter((e) => e.id !== view.id);
      notes.push(`${view.name} is left out: it does not fit your limits and nothing equivalent does.`);
    }
  }
  return { exercises: views.map(({ id: _id, ...rest }) => rest), notes };
}
