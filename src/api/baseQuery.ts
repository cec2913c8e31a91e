import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { config } from '../config/env';
import type { Backend } from '../backend/ports';
import { toApiError, type ApiError } from './errors';
import { sessionRejected } from './sessionEvents';

/** The thunk extra argument: how RTK Query endpoints reach the backend ports. */
export interface ThunkExtra {
  backend: Backend;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: config.apiBaseUrl,
  timeout: config.apiTimeoutMs,
  prepareHeaders: async (headers, { extra }) => {
    const token = await (extra as ThunkExtra).backend.auth.getIdToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Every /api call goes through here: base URL, the configured timeout, bearer token, errors as { status, reason }. */
export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    const error = toApiError(result.error, config.apiTimeoutMs);
    // Every endpoint gets this for free: a refused session ends it instead of showing a load error.
    if (error.status === 401 && result.meta?.request.headers.has('Authorization')) api.dispatch(sessionRejected({ reason: error.reason }));
    return { error, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};
