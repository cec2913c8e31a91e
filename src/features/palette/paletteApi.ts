// The palette's own reads: a few users matching the text typed, with the user list's own search (through the backend
// ports, as every feature's are, both stacks), and a few names with the names list's search (GET /names?q=, the hosted
// API's contract/nameSearch.ts).
import { api } from '../../api/apiSlice';
import { backendOf, portQuery } from '../../api/portQuery';
import type { UsersPage } from '../../../contract/schemas/usersAudit';
import type { NameRecord, NamesQuery, NamesResponse } from '../../../contract/schemas/names';

export const paletteApi = api.injectEndpoints({
  endpoints: (build) => ({
    findUsers: build.query<UsersPage, { search: string; limit: number }>({
      queryFn: ({ search, limit }, { extra, signal }) =>
        portQuery(() => backendOf(extra).userManagement.listUsers({ search, limit }, { signal })),
      keepUnusedDataFor: 30,
    }),
    findNames: build.query<NameRecord[], { search: string; limit: number }>({
      query: ({ search, limit }) => {
        const params: NamesQuery = { q: search, gender: 'all', nationality: 'all', limit, offset: 0 };
        return { url: '/names', params };
      },
      // A bare list or an object with names (spec 7: both are allowed answers).
      transformResponse: (response: NamesResponse) =>
        Array.isArray(response) ? response : Array.isArray(response?.names) ? response.names : [],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useFindUsersQuery, useFindNamesQuery } = paletteApi;
