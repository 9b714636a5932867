import { useState } from 'react';
import { useGetConfigQuery } from '../../api/configApi';
import { newJobKey, useJobProgress } from '../../api/jobs';
import { useToast } from '../../app/toast/useToast';
import { describeError } from '../../api/api';
import { PageHeader } from '../../ui/PageHeader';
import { useGetUserQuery } from '../auth/authApi';
import { ActiveSessionCard } from './ActiveSessionCard';
import { CoachChat } from './CoachChat';
import { GeneratorCard, type GeneratorChoice } from './GeneratorCard';
import { TrainingParameters } from './TrainingParameters';
import { useCompleteWorkoutMutation, useGenerateWorkoutMutation, useGetTodayWorkoutQuery, useSwapExerciseMutation } from './workoutsApi';
import './workouts.css';

export default function WorkoutsPage() {
  const { toast } = useToast();
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  const today = useGetTodayWorkoutQuery(user?.id ?? '', { skip: !user });
  const workout = today.data;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [generateWorkout, generation] = useGenerateWorkoutMutation();
  const [completeWorkout, completion] = useCompleteWorkoutMutation();
  const [swapExercise] = useSwapExerciseMutation();
  const [swapping, setSwapping] = useState<string | null>(null);
  const progress = useJobProgress(user?.id, jobKey, generation.isLoading);

  function toggle(exerciseId: string) {
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(exerciseId)) next.add(exerciseId);
      return next;
    });
  }

  async function generate(choice: GeneratorChoice) {
    if (!user) return;
    const key = newJobKey();
    setJobKey(key);
    try {
      await generateWorkout({ body: { userId: user.id, ...choice }, jobKey: key }).unwrap();
      setTicked(new Set());
      toast({ title: 'New Workout Generated! 💪', description: 'Your custom workout is ready to go!' });
    } catch {
      toast({ title: 'Error', description: 'Failed to generate workout. Please try again.', variant: 'destructive' });
    }
  }

  async function complete() {
    if (!user || !workout) return;
    const completedExercises = workout.exercises.filter((e) => ticked.has(e.id)).map((e) => e.id);
    try {
      const { session, creditsNote } = await completeWorkout({ userId: user.id, workoutId: workout.id, completedExercises }).unwrap();
      setTicked(new Set());
      toast({ title: 'Workout Completed! 🎉', description: creditsNote ?? `You earned ${session.creditsEarned} Fitness credits!` });
    } catch {
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
            ticked={ticked}
            onToggle={toggle}
            onComplete={() => void complete()}
            completing={completion.isLoading}
            onSwap={(exerciseId) => void swap(exerciseId)}
            swapping={swapping}
          />
          {user && <CoachChat user={user} />}
        </div>
        <aside className="training__side">
          <GeneratorCard engine={config?.aiEngine} generating={generation.isLoading} progress={progress} onGenerate={(choice) => void generate(choice)} />
          <TrainingParameters user={user} workout={workout} />
        </aside>
      </div>
    </div>
  );
}
