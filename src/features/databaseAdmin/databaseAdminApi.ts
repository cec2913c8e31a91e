// Database Admin's reads and the migration call (spec 7), on the one createApi.
import { api } from '../../api/apiSlice';
import type { NameSearchSummary, NamesResponse } from '../../../contract/schemas/names';
import type { Gender } from '../../../contract/nameRules';
import type { NameExportRow } from '../../../contract/exports';
import type { DatabaseOverview, MigrationResponse } from '../../../contract/schemas/databaseAdmin';

/** How long the console waits for the migration to answer. */
export const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/** Spec 9: database admin page size. */
export const DATABASE_ADMIN_PAGE_SIZE = 50;

export interface DatabaseNamesFilters {
  letter: string;
  gender: Gender | 'all';
  nationality: string;
  /** GET /names?q= (contract/nameSearch.ts); '' = no search */
  search: string;
}

export interface DatabaseNamesPage {
  names: NameExportRow[];
  /** how many names match, when the backend says */
  total: number | null;
  /** what a search found per group, when the backend says it searched */
  search: NameSearchSummary | null;
}

export const databaseAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    databaseOverview: build.query<DatabaseOverview, void>({ query: () => '/admin/database-overview', providesTags: ['Names'] }),
    databaseNationalities: build.query<string[], void>({
      query: () => '/names/nationalities',
      transformResponse: (response: unknown) => (Array.isArray(response) ? response.filter((n): n is string => typeof n === 'string') : []),
      providesTags: ['Nationalities'],
    }),
    databaseNamesPage: build.query<DatabaseNamesPage, DatabaseNamesFilters & { page: number }>({
      query: ({ letter, gender, nationality, search, page }) => ({
        url: '/names',
        params: {
          gender,
          nationality,
          limit: DATABASE_ADMIN_PAGE_SIZE,
          offset: (page - 1) * DATABASE_ADMIN_PAGE_SIZE,
          ...(letter !== 'All' ? { alphabetFilter: letter } : {}),
          ...(search !== '' ? { q: search } : {}),
        },
      }),
      transformResponse: (response: NamesResponse): DatabaseNamesPage => {
        if (Array.isArray(response)) return { names: response, total: null, search: null };
        return {
          names: Array.isArray(response?.names) ? response.names : [],
          total: typeof response?.total === 'number' ? response.total : null,
          search: response?.search && typeof response.search === 'object' ? response.search : null,
        };
      },
      providesTags: ['Names'],
    }),
    addRandomSeedColumn: build.mutation<MigrationResponse, void>({
      // Spec 7: a JSON content header; the call itself carries no data.
      query: () => ({
        url: '/admin/migrate/add-random-seed-column',
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: {},
        // The one call allowed past the 10 s API timeout: it rewrites the names table (measured ~70 s for a
        // million names on a loaded machine); giving up early would report a failure while it commits.
        timeout: MIGRATION_TIMEOUT_MS,
      }),
      invalidatesTags: ['Names'],
    }),
  }),
});

export const { useDatabaseOverviewQuery, useDatabaseNationalitiesQuery, useDatabaseNamesPageQuery } = databaseAdminApi;
