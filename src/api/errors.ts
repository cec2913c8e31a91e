import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../contract/wire';

/** What every /api failure becomes: an HTTP status (or a transport kind) and a reason a screen can show. */
export interface ApiError {
  status: number | 'TIMEOUT' | 'NETWORK' | 'PARSE';
  reason: string;
  /**
   * The body was the API's own ApiErrorBody ({ error, message }): the backend itself answered. An
   * HTTP error without it (e.g. a proxy's 502 page) says nothing about what the backend did.
   */
  fromApi?: true;
}

/** The shape every error of the reference backend has (ApiErrorBody). */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  const body = data as Partial<ApiErrorBody> | null;
  return !!body && typeof body === 'object' && typeof body.error === 'string' && typeof body.message === 'string';
}

/** A reason to show from an error body: ApiErrorBody's message (or error), or a short text body. */
export function bodyReason(data: unknown): string | undefined {
  if (typeof data === 'string' && data.trim() !== '') return data.trim().slice(0, 300);
  if (data && typeof data === 'object') {
    const body = data as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail']) {
      const value = body[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return undefined;
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  switch (error.status) {
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT', reason: 'The server did not answer within 10 seconds.' };
    case 'FETCH_ERROR':
      return { status: 'NETWORK', reason: 'Could not reach the server.' };
    case 'PARSING_ERROR':
      return { status: error.originalStatus, reason: bodyReason(error.data) ?? `Unexpected response (HTTP ${error.originalStatus}).` };
    case 'CUSTOM_ERROR':
      return { status: 'NETWORK', reason: error.error };
    default: {
      const reason = bodyReason(error.data) ?? `HTTP ${error.status}`;
      return isApiErrorBody(error.data) ? { status: error.status, reason, fromApi: true } : { status: error.status, reason };
    }
  }
}

/** The reason string for any error a component may hold (RTK Query's, a thrown Error, a string). */
export function errorReason(error: unknown): string {
  if (!error) return 'Unknown error';
  if (typeof error === 'string') return error;
  if (typeof error === 'object') {
    const e = error as Partial<ApiError> & Partial<SerializedError>;
    if (typeof e.reason === 'string') return e.reason;
    if (typeof e.message === 'string') return e.message;
  }
  return 'Unknown error';
}
