// RTK Query's base query: every endpoint's request goes through the console's one HTTP client (http.ts), so the
// bearer token, the configured timeout, a 401 (reported there once, and heard by the auth port, which ends the
// session) and the error shape (errors.ts) are the same as for the adapters' own calls.
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { config } from '../config/env';
import type { Backend } from '../backend/ports';
import { asApiError, type ApiError } from './errors';
import { joinUrl, requestJson, type HttpMethod } from './http';

/** The thunk extra argument: how RTK Query endpoints reach the backend ports. */
export interface ThunkExtra {
  backend: Backend;
}

/** What an endpoint's `query` answers: a path under config.apiBaseUrl, or the request in full. */
export interface ApiRequest {
  url: string;
  method?: HttpMethod;
  /** JSON, or a Blob sent as it is with its own type (http.ts, RequestOptions.body) */
  body?: unknown;
  /** the query string; undefined values are left out (a null is sent as "null") */
  params?: object;
  /** such as If-Match: "<version>" (contract/dataSafety.ts) */
  headers?: Record<string, string>;
  /** this request's own timeout instead of config.apiTimeoutMs (the one long migration: databaseAdminApi.ts) */
  timeout?: number;
}

export type ApiArgs = string | ApiRequest;

/** The path with its query string; undefined values are skipped, as fetchBaseQuery did. */
export function withParams(url: string, params: object | undefined): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.append(key, String(value));
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Every /api call goes through here: the base URL, the configured timeout, the bearer token, errors as ApiError.
 * The data of an empty answer (a 204) is null, as it was with RTK Query's fetchBaseQuery.
 */
export const apiBaseQuery: BaseQueryFn<ApiArgs, unknown, ApiError> = async (args, api) => {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args;
  try {
    const token = await (api.extra as ThunkExtra).backend.auth.getIdToken();
    const data = await requestJson<unknown>(joinUrl(config.apiBaseUrl, withParams(request.url, request.params)), {
      method: request.method,
      body: request.body,
      headers: request.headers,
      token,
      timeoutMs: request.timeout ?? config.apiTimeoutMs,
      signal: api.signal,
    });
    return { data: data === undefined ? null : data };
  } catch (error) {
    return { error: asApiError(error) };
  }
};
