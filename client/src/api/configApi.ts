import type { ClientConfig } from '@contract';

import { api } from './api';

/** Public server settings (AI engine label, Solana cluster, whether X sign-in is available). */
export const configApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getConfig: builder.query<ClientConfig, void>({ query: () => 'config' }),
  }),
});

export const { useGetConfigQuery } = configApi;
