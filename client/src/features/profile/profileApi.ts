import type { ProfileUpdateRequest, ProfileView } from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const profileApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The caller's profile and settings. */
    getProfile: builder.query<ProfileView, void>({
      query: () => 'profile',
      providesTags: ['Profile'],
    }),
    /** Saves the whole profile; a refused field comes back with its PROFILE_INVALID_* code. */
    saveProfile: builder.mutation<ProfileView, ProfileUpdateRequest>({
      query: (body) => ({ url: 'profile', method: 'PUT', body }),
      invalidatesTags: MUTATION_CHANGES.saveProfile,
    }),
  }),
});

export const { useGetProfileQuery, useSaveProfileMutation } = profileApi;
