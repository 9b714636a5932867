import type {
  AuthSession,
  OkResponse,
  PhantomChallenge,
  PhantomSignIn,
  UserView,
  VerifyResponse,
  XLinkCode,
} from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const authApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The signed-in user; every screen reads it, mutations that change it invalidate 'User'. */
    getUser: builder.query<UserView, void>({
      query: () => 'user',
      providesTags: ['User'],
    }),
    // Mutations, not queries: each answer is single-use and must never be served from cache.
    getPhantomChallenge: builder.mutation<PhantomChallenge, string>({
      query: (walletAddress) => ({ url: 'auth/phantom/challenge', params: { walletAddress } }),
      invalidatesTags: MUTATION_CHANGES.getPhantomChallenge,
    }),
    /** `signature`: base58 of Phantom's ed25519 signature over the challenge message's UTF-8 bytes. */
    phantomSignIn: builder.mutation<AuthSession, PhantomSignIn>({
      query: (body) => ({ url: 'auth/phantom', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.phantomSignIn,
    }),
    /** Checks a session token or a single-use login code (then the answer carries the session token). */
    verifySession: builder.mutation<VerifyResponse, string>({
      query: (token) => ({ url: 'auth/verify', headers: { Authorization: `Bearer ${token}` } }),
      invalidatesTags: MUTATION_CHANGES.verifySession,
    }),
    /** Ends `token`'s session on the server, or every session of the account (`everywhere`). */
    endSession: builder.mutation<OkResponse, { token: string; everywhere: boolean }>({
      query: ({ token, everywhere }) => ({
        url: everywhere ? 'auth/logout-all' : 'auth/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }),
      invalidatesTags: MUTATION_CHANGES.endSession,
    }),
    /** A single-use code for navigating to `/api/auth/twitter?link=<code>` ("link your X account"). */
    createXLinkCode: builder.mutation<XLinkCode, void>({
      query: () => ({ url: 'auth/twitter/link-code', method: 'POST' }),
      invalidatesTags: MUTATION_CHANGES.createXLinkCode,
    }),
  }),
});

export const { useGetUserQuery, useCreateXLinkCodeMutation } = authApi;
