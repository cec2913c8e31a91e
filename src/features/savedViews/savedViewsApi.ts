// Saved views and grid preferences (contract/savedViews.ts). Plain RTK Query over the API's base query, as the
// Operators page's: on the reference backend these are its routes, in Firebase mode the same routes of the hosted
// API (config.apiBaseUrl, with the Firebase ID token), which keeps them in its own database by Firebase uid. The
// base query is the backend port's HTTP half (src/api/baseQuery.ts adds the token the auth port gives).
import { api } from '../../api/apiSlice';
import { ifMatch } from '../../../contract/ifMatch';
import type { SavedViewPage } from '../../../contract/savedViews';
import type { GridPreferences, GridPreferencesBody, SavedView, SavedViewsList, ViewStateOf } from '../../../contract/schemas/savedViews';

const VIEWS = 'SavedViews' as const;
/** Each write is on the console-action trail: the audit screen refetches when next shown. */
const AUDIT_TAG = 'AuditLogs' as const;
const PREFERENCES = 'GridPreferences' as const;

const tagged = api.enhanceEndpoints({ addTagTypes: [VIEWS, AUDIT_TAG, PREFERENCES] });
const unlessFailed = (_result: unknown, error: unknown) => (error ? [VIEWS] : [VIEWS, AUDIT_TAG]);

export interface NewView<P extends SavedViewPage = SavedViewPage> {
  page: P;
  name: string;
  state: ViewStateOf[P];
  shared: boolean;
}

/** A change of one's own view: what the dialog changed, with the version the list showed (If-Match). */
export interface ViewChange<P extends SavedViewPage = SavedViewPage> {
  id: number;
  page: P;
  version: number;
  name?: string;
  shared?: boolean;
  state?: ViewStateOf[P];
}

export const savedViewsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listSavedViews: build.query<SavedView[], SavedViewPage>({
      query: (page) => ({ url: '/views', params: { page } }),
      transformResponse: (answer: SavedViewsList) => answer.views as SavedView[],
      providesTags: [VIEWS],
    }),
    createSavedView: build.mutation<SavedView, NewView>({
      query: (body) => ({ url: '/views', method: 'POST', body }),
      invalidatesTags: unlessFailed,
    }),
    updateSavedView: build.mutation<SavedView, ViewChange>({
      query: ({ id, version, ...body }) => ({ url: `/views/${id}`, method: 'PUT', body, headers: { 'If-Match': ifMatch(version) } }),
      // A 409 (changed in another browser) or 404 also means the list on screen is out of date.
      invalidatesTags: unlessFailed,
    }),
    deleteSavedView: build.mutation<void, Pick<SavedView, 'id' | 'version'>>({
      query: ({ id, version }) => ({ url: `/views/${id}`, method: 'DELETE', headers: { 'If-Match': ifMatch(version) } }),
      invalidatesTags: unlessFailed,
    }),
    getGridPreferences: build.query<GridPreferences, SavedViewPage>({
      query: (page) => `/views/preferences/${page}`,
      providesTags: (_r, _e, page) => [{ type: PREFERENCES, id: page }],
    }),
    saveGridPreferences: build.mutation<GridPreferences, GridPreferencesBody & { page: SavedViewPage }>({
      query: ({ page, ...body }) => ({ url: `/views/preferences/${page}`, method: 'PUT', body }),
    }),
  }),
});

export const {
  useListSavedViewsQuery,
  useCreateSavedViewMutation,
  useUpdateSavedViewMutation,
  useDeleteSavedViewMutation,
  useGetGridPreferencesQuery,
} = savedViewsApi;
