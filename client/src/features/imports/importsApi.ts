import type { ExportQuery, ImportQuery, ImportResult } from '@contract';
import { JOB_KEY_HEADER } from '@contract/values';

import { api } from '../../api/api';
import { MUTATION_CHANGES } from '../../api/cacheTable';

export const importsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** A Strong or Hevy CSV sent as it is; the job is followed by its key. */
    importHistory: builder.mutation<
      ImportResult,
      { csv: string; units: ImportQuery['units']; mapping: Record<string, string>; jobKey: string }
    >({
      query: ({ csv, units, mapping, jobKey }) => ({
        url: 'log/import',
        method: 'POST',
        params: { units, ...(Object.keys(mapping).length ? { mapping: JSON.stringify(mapping) } : {}) },
        headers: { 'Content-Type': 'text/csv', [JOB_KEY_HEADER]: jobKey },
        body: csv,
      }),
      invalidatesTags: MUTATION_CHANGES.importHistory,
    }),
    /** The log as a CSV file's text. */
    exportHistory: builder.mutation<string, ExportQuery['layout']>({
      query: (layout) => ({ url: 'log/export', params: { layout }, responseHandler: 'text' }),
      invalidatesTags: MUTATION_CHANGES.exportHistory,
    }),
  }),
});

export const { useImportHistoryMutation, useExportHistoryMutation } = importsApi;
