import type { ActivityView } from '@contract';

import { api } from '../../api/api';

export const activitiesApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The user's imported activities (those that validated a proof day), newest first. */
    getActivities: builder.query<ActivityView[], string>({
      query: (userId) => `activities/${userId}`,
      providesTags: ['Activities'],
    }),
  }),
});

export const { useGetActivitiesQuery } = activitiesApi;
