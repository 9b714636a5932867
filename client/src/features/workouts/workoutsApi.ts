import type {
  CoachChatRequest,
  CoachChatResponse,
  CompleteWorkoutRequest,
  GenerateFromChatRequest,
  GenerateWorkoutRequest,
  SessionView,
  WorkoutCompletion,
  WorkoutView,
} from '@contract';
import { aiCall, type WithJobKey } from '../../api/jobs';
import { api } from '../../api/api';

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
      invalidatesTags: ['Workout'],
    }),
    generateFromChat: builder.mutation<WorkoutView, WithJobKey<GenerateFromChatRequest>>({
      query: (args) => aiCall('workout/generate-from-chat', args),
      invalidatesTags: ['Workout'],
    }),
    coachChat: builder.mutation<CoachChatResponse, WithJobKey<CoachChatRequest>>({
      query: (args) => aiCall('workout/chat', args),
    }),
    completeWorkout: builder.mutation<WorkoutCompletion, CompleteWorkoutRequest>({
      query: (body) => ({ url: 'workout/complete', method: 'POST', body }),
      invalidatesTags: ['User', 'Workout', 'Sessions', 'Achievements', 'Goals'],
    }),
  }),
});

export const {
  useGetTodayWorkoutQuery,
  useGetSessionsQuery,
  useGenerateWorkoutMutation,
  useGenerateFromChatMutation,
  useCoachChatMutation,
  useCompleteWorkoutMutation,
} = workoutsApi;
