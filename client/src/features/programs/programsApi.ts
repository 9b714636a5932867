import type {
  ActiveProgramView,
  BuildCoachProgramRequest,
  ProgramActionParam,
  ProgramDetail,
  ProgramSummary,
  WorkoutView,
} from '@contract';
import { COACH_PROGRAM_ID } from '@contract/values';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';
import { workoutsApi } from '../workouts/workoutsApi';

export const programsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getPrograms: builder.query<ProgramSummary[], void>({ query: () => 'programs' }),
    // The coach-built program is rebuilt in place, so its week is read again when the program changes.
    getProgram: builder.query<ProgramDetail, string>({
      query: (programId) => `programs/${programId}`,
      providesTags: (_result, _error, programId) => (programId === COACH_PROGRAM_ID ? ['Program'] : []),
    }),
    getActiveProgram: builder.query<ActiveProgramView | null, void>({
      query: () => 'programs/active',
      providesTags: ['Program'],
    }),
    startProgram: builder.mutation<ActiveProgramView, { userId: string; programId: string }>({
      query: ({ programId, userId }) => ({ url: `programs/${programId}/start`, method: 'POST', body: { userId } }),
      invalidatesTags: MUTATION_CHANGES.startProgram,
    }),
    buildCoachProgram: builder.mutation<ActiveProgramView, BuildCoachProgramRequest>({
      query: (body) => ({ url: 'programs/coach', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.buildCoachProgram,
    }),
    programAction: builder.mutation<ActiveProgramView, { userId: string; action: ProgramActionParam['action'] }>({
      query: ({ action, userId }) => ({ url: `programs/active/${action}`, method: 'POST', body: { userId } }),
      invalidatesTags: MUTATION_CHANGES.programAction,
    }),
    startProgramSession: builder.mutation<WorkoutView, { userId: string }>({
      query: (body) => ({ url: 'programs/active/session', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.startProgramSession,
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(workoutsApi.util.upsertQueryData('getTodayWorkout', userId, data));
      },
    }),
  }),
});

export const {
  useGetProgramsQuery,
  useGetProgramQuery,
  useGetActiveProgramQuery,
  useStartProgramMutation,
  useBuildCoachProgramMutation,
  useProgramActionMutation,
  useStartProgramSessionMutation,
} = programsApi;
