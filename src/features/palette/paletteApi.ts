// The palette's own reads, through the backend ports as every feature's are (both stacks): a few users matching the
// text typed, with the user list's own search.
import { api } from '../../api/apiSlice';
import { backendOf, portQuery } from '../../api/portQuery';
import type { UsersPage } from '../../../contract/usersAudit';

export const paletteApi = api.injectEndpoints({
  endpoints: (build) => ({
    findUsers: build.query<UsersPage, { search: string; limit: number }>({
      queryFn: ({ search, limit }, { extra, signal }) =>
        portQuery(() => backendOf(extra).userManagement.listUsers({ search, limit }, { signal })),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useFindUsersQuery } = paletteApi;
