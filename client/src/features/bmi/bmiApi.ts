import type {
  BmiAnalysis,
  BmiCalculateRequest,
  BmiConfirmedFigures,
  BmiRecordView,
  BmiResult,
  UploadUrlResponse,
} from '@contract';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';
import { aiCall } from '../../api/jobs';

export const bmiApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The user's BMI records, newest first. */
    getBmiRecords: builder.query<BmiRecordView[], string>({
      query: (userId) => `bmi/${userId}`,
      providesTags: ['Bmi'],
    }),
    calculateBmi: builder.mutation<BmiResult, BmiCalculateRequest>({
      query: (body) => ({ url: 'bmi', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.calculateBmi,
    }),
    /** A signed URL to PUT one report to; `size` lets the server refuse an oversized file up front. */
    createBmiUploadUrl: builder.mutation<UploadUrlResponse, { size: number }>({
      query: (body) => ({ url: 'bmi/upload-url', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.createBmiUploadUrl,
    }),
    /** Runs the analysis job; `jobKey` lets the dialog follow its progress at /api/jobs/ai-<userId>-<jobKey>. */
    analyzeBmiReport: builder.mutation<BmiAnalysis, { fileUrl: string; jobKey: string }>({
      query: ({ fileUrl, jobKey }) => aiCall('bmi/analyze', { body: { fileUrl, reportType: 'bmi' }, jobKey }),
      invalidatesTags: MUTATION_CHANGES.analyzeBmiReport,
    }),
    /** The member takes one of their reports' height and weight for the profile. */
    confirmBmiReport: builder.mutation<BmiConfirmedFigures, string>({
      query: (recordId) => ({ url: `bmi/${recordId}/confirm`, method: 'POST' }),
      invalidatesTags: MUTATION_CHANGES.confirmBmiReport,
    }),
  }),
});

export const {
  useGetBmiRecordsQuery,
  useCalculateBmiMutation,
  useCreateBmiUploadUrlMutation,
  useAnalyzeBmiReportMutation,
  useConfirmBmiReportMutation,
} = bmiApi;
