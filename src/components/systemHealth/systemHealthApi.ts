// GET /admin/health, read by Name Analytics (its debug block) and Database Admin (table sizes): one
// endpoint, so the two pages share one cache entry and a names change refreshes both.
import { api } from '../../api/apiSlice';
import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';

export const systemHealthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemHealth: build.query<SystemHealth, void>({
      query: () => '/admin/health',
      // Table sizes move with the names (imports, deletes, the migration).
      providesTags: ['Names'],
      // A minute is fresh enough for a diagnosis and spares the database on tab hops.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetSystemHealthQuery } = systemHealthApi;
