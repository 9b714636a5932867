import type { ActivityReadRequest, ActivityVerdict, ActivityView } from '@contract';
import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const activitiesApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The user's imported activities (those that validated a proof day), newest first. */
    getActivities: builder.query<ActivityView[], string>({
      query: (userId) => `activities/${userId}`,
      providesTags: ['Activities'],
    }),
    /** What an uploaded activity file shows, judged for today, before the day is validated. */
    readActivity: builder.mutation<ActivityVerdict, ActivityReadRequest>({
      query: (body) => ({ url: 'activities/read', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.readActivity,
    }),
  }),
});

export const { useGetActivitiesQuery, useReadActivityMutation } = activitiesApi;
