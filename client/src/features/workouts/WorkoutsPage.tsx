import { pendingCreditsText } from '@contract/values';
import { useRef, useState } from 'react';

import { describeError } from '../../api/api';
import { useGetConfigQuery } from '../../api/configApi';
import { newJobKey, useJobProgress } from '../../api/jobs';
import { useToast } from '../../app/toast/useToast';
import { PageHeader } from '../../ui/PageHeader';
import { useGetUserQuery } from '../auth/authApi';
import { ProgramTodayCard } from '../programs/ProgramTodayCard';
import { ActiveSessionCard } from './ActiveSessionCard';
import { CoachChat } from './CoachChat';
import { GeneratorCard, type GeneratorChoice } from './GeneratorCard';
import { ReplaceSessionDialog } from './ReplaceSessionDialog';
import { TrainingParameters } from './TrainingParameters';
import { isSessionRefusal, sessionUnderWay } from './workouts.logic';
import {
  useCompleteWorkoutMutation,
  useGenerateWorkoutMutation,
  useGetTodayWorkoutQuery,
  useStartSessionMutation,
  useSwapExerciseMutation,
  useUpdateProgressMutation,
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
  const [startSession] = useStartSessionMutation();
  const [updateProgress] = useUpdateProgressMutation();
  const [swapping, setSwapping] = useState<string | null>(null);
  /** A generation waiting for the user to confirm that it replaces the session under way. */
  const [pendingReplace, setPendingReplace] = useState<(() => void) | null>(null);
  const progress = useJobProgress(user?.id, jobKey, generation.isLoading);
  /** Ticks sent and not answered yet: a completion waits for them, since the server pays the ticks it has stored. */
  const ticksOnTheirWay = useRef(new Set<Promise<unknown>>());

  /** Runs a generation at once, or after confirming when it would replace a session under way. */
  function confirmReplace(run: () => void) {
    if (workout && sessionUnderWay(workout)) setPendingReplace(() => run);
    else run();
  }

  async function toggle(exerciseId: string) {
    if (!user || !workout) return;
    const sent = updateProgress({
      userId: user.id,
      workoutId: workout.id,
      exerciseId,
      done: !workout.ticked.includes(exerciseId),
    }).unwrap();
    ticksOnTheirWay.current.add(sent);
    try {
      await sent;
    } catch (error) {
      toast({ ...describeError(error, 'Error'), variant: 'destructive' });
    } finally {
      ticksOnTheirWay.current.delete(sent);
    }
  }

  async function start() {
    if (!user || !workout) return;
    try {
      await startSession({ userId: user.id, workoutId: workout.id }).unwrap();
    } catch (error) {
      toast({ ...describeError(error, 'Error'), variant: 'destructive' });
    }
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
    if (!user || !workout) return;
    // The ticks shown; a refused one is undone on the card and the server's refusal says the ticks differ.
    const completedExercises = workout.ticked;
    await Promise.allSettled(ticksOnTheirWay.current);
    try {
      const { session, creditsNote } = await completeWorkout({
        userId: user.id,
        workoutId: workout.id,
        completedExercises,
      }).unwrap();
      toast({ title: 'Workout Completed! 🎉', description: creditsNote ?? pendingCreditsText(session.creditsEarned) });
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
            onToggle={(exerciseId) => void toggle(exerciseId)}
            onStart={() => void start()}
            onComplete={() => void complete()}
            completing={completion.isLoading}
            onSwap={(exerciseId) => void swap(exerciseId)}
            swapping={swapping}
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
