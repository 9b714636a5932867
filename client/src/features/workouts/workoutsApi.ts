import type {
  CoachChatRequest,
  CoachChatResponse,
  CompleteWorkoutRequest,
  GenerateFromChatRequest,
  GenerateWorkoutRequest,
  JobStateView,
  SessionView,
  WorkoutCompletion,
  WorkoutView,
} from '@contract';
import { api } from '../../api/api';

/** contract/system.ts JOB_KEY_HEADER (the client imports contract types only). */
const JOB_KEY_HEADER = 'x-job-key';

/** An AI call with the key the client follows its job by (GET /api/jobs/ai-<userId>-<jobKey>). */
interface WithJobKey<T> {
  body: T;
  jobKey: string;
}

const aiCall = <T>(url: string, { body, jobKey }: WithJobKey<T>) => ({ url, method: 'POST', body, headers: { [JOB_KEY_HEADER]: jobKey } });

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
    /** Progress of a running AI job; polled while the call that started it is pending. */
    getJob: builder.query<JobStateView, string>({
      query: (jobId) => `jobs/${jobId}`,
      keepUnusedDataFor: 0,
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
  useGetJobQuery,
} = workoutsApi;
