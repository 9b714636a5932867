import type {
  ExerciseHistoryView,
  LogSetRequest,
  LogSetResult,
  OkResponse,
  ProgressChartsView,
  SessionLogView,
  SetChangesRequest,
  SetChangesResult,
} from '@contract';

import { api } from '../../../api/api';
import { MUTATION_CHANGES } from '../../../api/cacheTable';

/** The training log's routes (docs/product.md, Training log). Changes go through the outbox (outbox.ts), not these hooks. */
export const logApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getSessionLog: builder.query<SessionLogView, string>({
      query: (workoutId) => `workout/${workoutId}/sets`,
      providesTags: ['SessionLog'],
    }),
    getExerciseHistory: builder.query<ExerciseHistoryView, string>({
      query: (catalogueId) => `log/exercises/${encodeURIComponent(catalogueId)}`,
      providesTags: ['ExerciseHistory'],
    }),
    getTrainingProgress: builder.query<ProgressChartsView, void>({
      query: () => 'log/progress',
      providesTags: ['TrainingProgress'],
    }),
    logSet: builder.mutation<LogSetResult, LogSetRequest & { workoutId: string; setKey: string }>({
      query: ({ workoutId, setKey, ...body }) => ({ url: `workout/${workoutId}/sets/${setKey}`, method: 'PUT', body }),
      invalidatesTags: MUTATION_CHANGES.logSet,
    }),
    logSetChanges: builder.mutation<SetChangesResult, SetChangesRequest & { workoutId: string }>({
      query: ({ workoutId, ...body }) => ({ url: `workout/${workoutId}/sets/batch`, method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.logSetChanges,
    }),
    removeSet: builder.mutation<OkResponse, { workoutId: string; setKey: string }>({
      query: ({ workoutId, setKey }) => ({ url: `workout/${workoutId}/sets/${setKey}`, method: 'DELETE' }),
      invalidatesTags: MUTATION_CHANGES.removeSet,
    }),
  }),
});

export const { useGetSessionLogQuery, useGetExerciseHistoryQuery, useGetTrainingProgressQuery } = logApi;
