import type { ExerciseView } from '@contract';
import { pendingCreditsText } from '@contract/values';
import { useState } from 'react';

import { describeError } from '../../api/api';
import { useGetConfigQuery } from '../../api/configApi';
import { newJobKey, useJobProgress } from '../../api/jobs';
import { useToast } from '../../app/toast/useToast';
import { PageHeader } from '../../ui/PageHeader';
import { useGetUserQuery } from '../auth/authApi';
import { useUnits } from '../profile/useUnits';
import { ProgramTodayCard } from '../programs/ProgramTodayCard';
import { ActiveSessionCard } from './ActiveSessionCard';
import { CoachChat } from './CoachChat';
import { GeneratorCard, type GeneratorChoice } from './GeneratorCard';
import type { SetEntry } from './log/ExerciseSets';
import { useGetSessionLogQuery } from './log/logApi';
import { restTimer } from './log/restTimer';
import { shownSession, toKg } from './log/sessionLog.logic';
import { useOutbox } from './log/sessionSync';
import { ReplaceSessionDialog } from './ReplaceSessionDialog';
import { TrainingParameters } from './TrainingParameters';
import { isSessionRefusal, sessionUnderWay } from './workouts.logic';
import {
  useCompleteWorkoutMutation,
  useGenerateWorkoutMutation,
  useGetTodayWorkoutQuery,
  useSwapExerciseMutation,
} from './workoutsApi';

import './workouts.css';

export default function WorkoutsPage() {
  const { toast } = useToast();
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  const today = useGetTodayWorkoutQuery(user?.id ?? '', { skip: !user });
  const workout = today.data;
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [generateWorkout, generation] = useGenerateWorkoutMutation();
  const [completeWorkout, completion] = useCompleteWorkoutMutation();
  const [swapExercise] = useSwapExerciseMutation();
  const [swapping, setSwapping] = useState<string | null>(null);
  /** A generation waiting for the user to confirm that it replaces the session under way. */
  const [pendingReplace, setPendingReplace] = useState<(() => void) | null>(null);
  const progress = useJobProgress(user?.id, jobKey, generation.isLoading);
  const units = useUnits();
  // Ticks, starts, sets and an offline completion go through the device's outbox: kept until the
  // server has them, so the session carries on with no signal (docs/product.md, Training log).
  const { outbox, pending } = useOutbox();
  const sessionLog = useGetSessionLogQuery(workout?.id ?? '', { skip: !workout });
  const session = workout ? shownSession(workout, sessionLog.data, pending) : null;

  /** Runs a generation at once, or after confirming when it would replace a session under way. */
  function confirmReplace(run: () => void) {
    if (workout && sessionUnderWay(workout)) setPendingReplace(() => run);
    else run();
  }

  function toggle(exerciseId: string) {
    if (!user || !workout || !session) return;
    const done = !session.ticked.includes(exerciseId);
    void outbox.add({ kind: 'tick', userId: user.id, workoutId: workout.id, exerciseId, done });
  }

  function start() {
    if (!user || !workout) return;
    void outbox.add({ kind: 'start', userId: user.id, workoutId: workout.id });
  }

  /** A set logged or edited: queued under its key, its rest started; the exercise is ticked once its prescribed sets are in. */
  function logSet(exercise: ExerciseView, entry: SetEntry) {
    if (!user || !workout || !session) return;
    const setKey = entry.key ?? crypto.randomUUID();
    const { draft } = entry;
    void outbox.add({
      kind: 'set',
      workoutId: workout.id,
      setKey,
      body: {
        userId: user.id,
        exerciseId: exercise.id,
        order: entry.order,
        warmup: entry.warmup,
        ...(draft.reps !== undefined ? { reps: draft.reps } : {}),
        ...(draft.load !== undefined ? { loadKg: toKg(draft.load, units) } : {}),
        ...(draft.seconds !== undefined ? { seconds: draft.seconds } : {}),
        ...(draft.meters !== undefined ? { meters: draft.meters } : {}),
        ...(entry.rpe !== undefined ? { rpe: entry.rpe } : {}),
        performedAt: new Date().toISOString(),
      },
    });
    if (entry.warmup || entry.key) return;
    if (exercise.dose?.restSeconds) restTimer.start(exercise.dose.restSeconds, exercise.name);
    const workSets = session.sets.filter((s) => s.exerciseId === exercise.id && !s.warmup).length + 1;
    if (workSets >= (exercise.dose?.sets ?? 1) && !session.ticked.includes(exercise.id))
      void outbox.add({ kind: 'tick', userId: user.id, workoutId: workout.id, exerciseId: exercise.id, done: true });
  }

  function removeSet(setKey: string) {
    if (!workout) return;
    void outbox.add({ kind: 'removeSet', workoutId: workout.id, setKey });
  }

  async function generate(choice: GeneratorChoice) {
    if (!user) return;
    const key = newJobKey();
    setJobKey(key);
    try {
      await generateWorkout({ body: { userId: user.id, ...choice }, jobKey: key }).unwrap();
      toast({ title: 'New Workout Generated! 💪', description: 'Your custom workout is ready to go!' });
    } catch {
      toast({ title: 'Error', description: 'Failed to generate workout. Please try again.', variant: 'destructive' });
    }
  }

  async function complete() {
    if (!user || !workout || !session) return;
    // The ticks shown: the queued ones are sent first, and the server pays the ticks it stored.
    const completedExercises = session.ticked;
    await outbox.flush();
    if (!navigator.onLine || outbox.pending().some((c) => c.workoutId === workout.id)) {
      await outbox.add({ kind: 'complete', userId: user.id, workoutId: workout.id, completedExercises });
      toast({ title: 'Completion Queued', description: 'It is sent, and paid once, when the network returns.' });
      return;
    }
    try {
      const { session: done, creditsNote } = await completeWorkout({
        userId: user.id,
        workoutId: workout.id,
        completedExercises,
      }).unwrap();
      toast({ title: 'Workout Completed! 🎉', description: creditsNote ?? pendingCreditsText(done.creditsEarned) });
    } catch (error) {
      // A session rule (too early, not started, replaced, ticks changed): the server's words say why; anything else is the product’s failure.
      if (isSessionRefusal(error)) toast({ ...describeError(error, 'Not Completed'), variant: 'destructive' });
      else
        toast({ title: 'Error', description: 'Failed to complete workout. Please try again.', variant: 'destructive' });
    }
  }

  async function swap(exerciseId: string) {
    if (!user || !workout) return;
    const before = workout.exercises.find((e) => e.id === exerciseId)?.name;
    setSwapping(exerciseId);
    try {
      const updated = await swapExercise({ userId: user.id, workoutId: workout.id, exerciseId }).unwrap();
      const after = updated.exercises.find((e) => e.id === exerciseId)?.name;
      toast({ title: 'Exercise Swapped', description: `${before} → ${after}` });
    } catch (error) {
      toast({ ...describeError(error, 'Swap Failed'), variant: 'destructive' });
    } finally {
      setSwapping(null);
    }
  }

  return (
    <div className="training">
      <PageHeader title="TRAINING_MODULE" subtitle="AI-generated sessions and your fitness coach" />
      <div className="training__grid">
        <div className="training__main">
          <ActiveSessionCard
            workout={workout}
            loading={!user || today.isLoading}
            onToggle={toggle}
            onStart={start}
            onComplete={() => void complete()}
            completing={completion.isLoading}
            onSwap={(exerciseId) => void swap(exerciseId)}
            swapping={swapping}
            session={session}
            log={sessionLog.data}
            onLogSet={logSet}
            onRemoveSet={removeSet}
          />
          {user && <CoachChat user={user} confirmReplace={confirmReplace} />}
        </div>
        <aside className="training__side">
          {user && <ProgramTodayCard user={user} todayId={workout?.id ?? null} confirmReplace={confirmReplace} />}
          <GeneratorCard
            engine={config?.aiEngine}
            generating={generation.isLoading}
            progress={progress}
            onGenerate={(choice) => confirmReplace(() => void generate(choice))}
          />
          <TrainingParameters user={user} workout={workout} />
        </aside>
      </div>
      {pendingReplace && workout && (
        <ReplaceSessionDialog
          workout={workout}
          onKeep={() => setPendingReplace(null)}
          onReplace={() => {
            setPendingReplace(null);
            pendingReplace();
          }}
        />
      )}
    </div>
  );
}
