import type {
  ChatHistoryCleared,
  ChatMessageView,
  CoachChatRequest,
  CoachChatResponse,
  CompleteWorkoutRequest,
  GenerateFromChatRequest,
  GenerateWorkoutRequest,
  SessionProgress,
  SessionProgressRequest,
  SessionView,
  StartSessionRequest,
  SwapExerciseRequest,
  WorkoutCompletion,
  WorkoutView,
} from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';
import { aiCall, type WithJobKey } from '../../api/jobs';

export const workoutsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getTodayWorkout: builder.query<WorkoutView | null, string>({
      query: (userId) => `workout/today/${userId}`,
      providesTags: ['Workout'],
    }),
    getSessions: builder.query<SessionView[], string>({
      query: (userId) => `workout/sessions/${userId}`,
      providesTags: ['Sessions'],
    }),
    generateWorkout: builder.mutation<WorkoutView, WithJobKey<GenerateWorkoutRequest>>({
      query: (args) => aiCall('workout/generate', args),
      invalidatesTags: MUTATION_CHANGES.generateWorkout,
      onQueryStarted: showAsToday,
    }),
    generateFromChat: builder.mutation<WorkoutView, WithJobKey<GenerateFromChatRequest>>({
      query: (args) => aiCall('workout/generate-from-chat', args),
      invalidatesTags: MUTATION_CHANGES.generateFromChat,
      onQueryStarted: showAsToday,
    }),
    /** The stored conversation, oldest first: shown again after navigation or a reload. */
    getChatHistory: builder.query<ChatMessageView[], string>({
      query: (userId) => `workout/chat/history/${userId}`,
      providesTags: ['ChatHistory'],
    }),
    coachChat: builder.mutation<CoachChatResponse, WithJobKey<CoachChatRequest>>({
      query: (args) => aiCall('workout/chat', args),
      invalidatesTags: MUTATION_CHANGES.coachChat,
      onQueryStarted: showInConversation,
    }),
    clearChatHistory: builder.mutation<ChatHistoryCleared, string>({
      query: (userId) => ({ url: `workout/chat/history/${userId}`, method: 'DELETE' }),
      invalidatesTags: MUTATION_CHANGES.clearChatHistory,
    }),
    swapExercise: builder.mutation<WorkoutView, SwapExerciseRequest>({
      query: (body) => ({ url: 'workout/swap', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.swapExercise,
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(workoutsApi.util.upsertQueryData('getTodayWorkout', userId, data));
      },
    }),
    startSession: builder.mutation<SessionProgress, StartSessionRequest & { workoutId: string }>({
      query: ({ workoutId, ...body }) => ({ url: `workout/${workoutId}/start`, method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.startSession,
      async onQueryStarted({ userId, workoutId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(patchToday(userId, workoutId, (workout) => void (workout.startedAt = data.startedAt)));
      },
    }),
    /** A tick shows at once (optimistic) and is undone if the server refuses it; the start comes from the answer. */
    updateProgress: builder.mutation<SessionProgress, SessionProgressRequest & { workoutId: string }>({
      query: ({ workoutId, ...body }) => ({ url: `workout/${workoutId}/progress`, method: 'PUT', body }),
      invalidatesTags: MUTATION_CHANGES.updateProgress,
      async onQueryStarted({ userId, workoutId, exerciseId, done }, { dispatch, queryFulfilled }) {
        const tick = dispatch(
          patchToday(userId, workoutId, (workout) => {
            workout.ticked = done
              ? [...new Set([...workout.ticked, exerciseId])]
              : workout.ticked.filter((id) => id !== exerciseId);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // Only the start: answers to quick ticks may arrive out of order, the optimistic ticks are the latest.
          dispatch(patchToday(userId, workoutId, (workout) => void (workout.startedAt = data.startedAt)));
        } catch {
          tick.undo();
        }
      },
    }),
    completeWorkout: builder.mutation<WorkoutCompletion, CompleteWorkoutRequest>({
      query: (body) => ({ url: 'workout/complete', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.completeWorkout,
    }),
  }),
});

/** Changes the cached today's workout if it is still `workoutId`. */
function patchToday(userId: string, workoutId: string, change: (workout: WorkoutView) => void) {
  return workoutsApi.util.updateQueryData('getTodayWorkout', userId, (workout) => {
    if (workout?.id === workoutId) change(workout);
  });
}

/**
 * A generated workout is today's workout: it is shown the moment the server answers, with its toast,
 * rather than after the refetch its invalidation starts (the panel said NO_ACTIVE_SESSION meanwhile).
 */
async function showAsToday(
  { body }: WithJobKey<{ userId: string }>,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: WorkoutView }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(workoutsApi.util.upsertQueryData('getTodayWorkout', body.userId, data));
  } catch {
    // A failed generation changes nothing; the page's toast says so.
  }
}

/**
 * The message shows in the conversation as it is sent and the reply as it arrives, before the refetch
 * of the stored history; a message that got no reply was not stored, so it leaves the list again.
 */
async function showInConversation(
  { body }: WithJobKey<CoachChatRequest>,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: CoachChatResponse }> },
) {
  const turn = (role: ChatMessageView['role'], content: string): ChatMessageView => ({
    id: crypto.randomUUID(),
    role,
    content,
    timestamp: new Date().toISOString(),
  });
  const sent = dispatch(
    workoutsApi.util.updateQueryData('getChatHistory', body.userId, (list) => [...list, turn('user', body.message)]),
  ) as { undo: () => void };
  try {
    const { data } = await queryFulfilled;
    dispatch(
      workoutsApi.util.updateQueryData('getChatHistory', body.userId, (list) => [
        ...list,
        turn('assistant', data.response),
      ]),
    );
  } catch {
    sent.undo();
  }
}

export const {
  useGetTodayWorkoutQuery,
  useGetSessionsQuery,
  useGenerateWorkoutMutation,
  useGenerateFromChatMutation,
  useCoachChatMutation,
  useGetChatHistoryQuery,
  useClearChatHistoryMutation,
  useCompleteWorkoutMutation,
  useSwapExerciseMutation,
  useStartSessionMutation,
  useUpdateProgressMutation,
} = workoutsApi;
