import type {
  ProofChallenge,
  ProofCheckRequest,
  ProofCheckResult,
  ProofDayView,
  ProofUploadUrlRequest,
  ProofValidateRequest,
  ProofValidationResult,
  UploadUrlResponse,
} from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const proofsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** Today's challenge code in the browser's time zone. */
    getProofChallenge: builder.query<ProofChallenge, string>({
      query: (timeZone) => ({ url: 'proof/challenge', params: { timeZone } }),
      providesTags: ['Proofs'],
    }),
    getProofHistory: builder.query<ProofDayView[], string>({
      query: (userId) => `proof/history/${userId}`,
      providesTags: ['Proofs'],
    }),
    createProofUploadUrl: builder.mutation<UploadUrlResponse, ProofUploadUrlRequest>({
      query: (body) => ({ url: 'proof/upload-url', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.createProofUploadUrl,
    }),
    /** One slot's uploaded file checked right away, by the checks validation runs (and then reuses). */
    checkProof: builder.mutation<ProofCheckResult, ProofCheckRequest>({
      query: (body) => ({ url: 'proof/check', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.checkProof,
    }),
    validateProofs: builder.mutation<ProofValidationResult, ProofValidateRequest>({
      query: (body) => ({ url: 'proof/validate-all', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.validateProofs,
    }),
  }),
});

export const {
  useGetProofChallengeQuery,
  useGetProofHistoryQuery,
  useCreateProofUploadUrlMutation,
  useCheckProofMutation,
  useValidateProofsMutation,
} = proofsApi;
