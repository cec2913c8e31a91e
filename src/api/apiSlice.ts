import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';

/** The one createApi; features add endpoints with api.injectEndpoints in their own files. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Names', 'Nationalities', 'SwipeStats', 'ImportRuns', 'NamesTrash'],
  endpoints: () => ({}),
});
