// The Bulk Upload page's /api endpoints.
import { api } from '../../api/apiSlice';
import type { NationalityCount } from '../../../contract/schemas/names';
import type { BulkImportResponse } from '../../../contract/schemas/importRuns';
import { bulkImportBody, type EncodedBatchRequest } from './csv/batchBody';
import { errorReason } from '../../api/errors';
import { notify } from '../../lib/notify';

export const nationalitiesLoadFailedText = (reason: string) => `Failed to load nationalities. ${reason}`;

export const bulkUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One batch of the import job (one server transaction). No invalidatesTags here: the job would
     * refetch every names view after each of ~50 batches; it invalidates once when it finishes.
     */
    bulkImport: build.mutation<BulkImportResponse, EncodedBatchRequest>({
      // A Blob body is sent as the worker encoded it, with the Blob's own JSON type (src/api/http.ts, RequestOptions.body).
      query: (batch) => ({ url: '/admin/names/bulk-import', method: 'POST', body: bulkImportBody(batch) }),
    }),
    getNationalitiesWithCounts: build.query<NationalityCount[], void>({
      query: () => '/names/nationalities-with-counts',
      providesTags: ['Nationalities'],
      // A failed load says why in a toast, once per request (the card's list stays empty).
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          notify(nationalitiesLoadFailedText(errorReason((failure as { error?: unknown }).error)), 'error');
        }
      },
    }),
  }),
});

export const { useGetNationalitiesWithCountsQuery } = bulkUploadApi;

/** Tags whose data an import changes (names lists, nationality counts, total names, the list of runs). */
export const TAGS_CHANGED_BY_IMPORT = ['Names', 'Nationalities', 'SwipeStats', 'ImportRuns'] as const;
