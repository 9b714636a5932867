import type {
  CreditPackage,
  PhantomChallenge,
  PhantomSignIn,
  PurchaseRequest,
  PurchaseResult,
  UserView,
} from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const walletApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The packages the server sells (credits, SOL, USD, lamports); fixed, so read once. */
    getCreditPackages: builder.query<CreditPackage[], void>({
      query: () => 'credits/packages',
    }),
    /** Records a transfer the browser sent and confirmed; the server verifies it on chain. */
    purchaseCredits: builder.mutation<PurchaseResult, PurchaseRequest>({
      query: (body) => ({ url: 'credits/purchase', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.purchaseCredits,
    }),
    // A mutation, not a query: each challenge is single-use and must never be served from cache.
    getLinkChallenge: builder.mutation<PhantomChallenge, string>({
      query: (walletAddress) => ({ url: 'auth/phantom/challenge', params: { walletAddress, purpose: 'link' } }),
      invalidatesTags: MUTATION_CHANGES.getLinkChallenge,
    }),
    /** Links the signing wallet to the signed-in (X) account; one wallet belongs to one account. */
    linkWallet: builder.mutation<UserView, PhantomSignIn>({
      query: (body) => ({ url: 'auth/phantom/link', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.linkWallet,
    }),
  }),
});

export const {
  useGetCreditPackagesQuery,
  usePurchaseCreditsMutation,
  useGetLinkChallengeMutation,
  useLinkWalletMutation,
} = walletApi;
