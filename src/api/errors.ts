import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../contract/schemas/parts';
import type { VersionConflict } from '../../contract/schemas/dataSafety';

export type ApiErrorStatus = number | 'TIMEOUT' | 'NETWORK' | 'PARSE';

/**
 * What every HTTP failure becomes, whoever made the request (RTK Query's base query, a backend adapter): an
 * HTTP status (or a transport kind) and a reason a screen can show. RTK Query keeps it in the store as a
 * plain object; code that throws uses HttpError, the same fields on an Error.
 */
export interface ApiError {
  status: ApiErrorStatus;
  reason: string;
  /**
   * The body was the API's own ApiErrorBody ({ error, message }): the backend itself answered. An
   * HTTP error without it (e.g. a proxy's 502 page) says nothing about what the backend did.
   */
  fromApi?: true;
  /**
   * What the API said besides its message, for a screen that must act on it: the error code whenever the API
   * answered ('version_conflict', 'in_trash' of contract/dataSafety.ts, two-factor's MFA_ERRORS of contract/mfa.ts,
   * ...), and for a stale write the record as it is now and who changed it, one such per record of a bulk write,
   * the trashed twins of a name being added.
   */
  detail?: ApiErrorDetail;
}

export interface ApiErrorDetail {
  code: string;
  conflict?: VersionConflict;
  conflicts?: VersionConflict[];
  trashed?: unknown[];
  /** 409 'count_changed' of a names job: how many names match now */
  count?: number;
}

/** What the API said besides its message: its error code, and the records the refusal is about when it names any. */
function detailOf(body: ApiErrorBody): ApiErrorDetail {
  return {
    code: body.error,
    ...(body.conflict !== undefined ? { conflict: body.conflict } : {}),
    ...(body.conflicts !== undefined ? { conflicts: body.conflicts } : {}),
    ...(body.trashed !== undefined ? { trashed: body.trashed } : {}),
    ...(typeof body.count === 'number' ? { count: body.count } : {}),
  };
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

/** A response that failed: its status and the reason its body gives, else its status line. */
export function httpFailure(status: number, body: unknown, statusText = ''): ApiError {
  const reason = bodyReason(body) ?? `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (!isApiErrorBody(body)) return { status, reason };
  return { status, reason, fromApi: true, detail: detailOf(body) };
}

/** The one HTTP error the browser throws: an ApiError that is also an Error (its message is the reason). */
export class HttpError extends Error implements ApiError {
  readonly status: ApiErrorStatus;
  readonly reason: string;
  // declare: no own property unless set, so the plain form stays { status, reason } for most failures.
  declare readonly fromApi?: true;
  declare readonly detail?: ApiErrorDetail;

  constructor(status: ApiErrorStatus, reason: string, fromApi?: true, detail?: ApiErrorDetail) {
    super(reason);
    this.name = 'HttpError';
    this.status = status;
    this.reason = reason;
    if (fromApi) Object.defineProperty(this, 'fromApi', { value: true, enumerable: true });
    if (detail) Object.defineProperty(this, 'detail', { value: detail, enumerable: true });
  }

  /** The failure a response stands for, read from its body (JSON or not). */
  static async fromResponse(response: Response): Promise<HttpError> {
    let body: unknown;
    try {
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: a short text answer says why (a gateway's "Bad gateway upstream"); a page of markup (a
        // proxy's HTML) does not, and the status line says it.
        body = /^\s*</.test(text) ? undefined : text;
      }
    } catch {
      // no body to read: the status line says it
    }
    const failure = httpFailure(response.status, body, response.statusText);
    return new HttpError(failure.status, failure.reason, failure.fromApi, failure.detail);
  }
}

/** Any rejection as the plain ApiError RTK Query keeps: its HTTP status when it carries one, else NETWORK. */
export function asApiError(error: unknown): ApiError {
  const e = error as Partial<ApiError> | null;
  const status = e?.status;
  const known = typeof status === 'number' || status === 'TIMEOUT' || status === 'NETWORK' || status === 'PARSE';
  const plain: ApiError = { status: known ? status : 'NETWORK', reason: errorReason(error) };
  return {
    ...plain,
    ...(e?.fromApi === true ? { fromApi: true as const } : {}),
    ...(e?.detail && typeof e.detail.code === 'string' ? { detail: e.detail } : {}),
  };
}

/** The detail of a failure a screen holds (RTK Query's error, a thrown HttpError), when the API sent one. */
export function errorDetail(error: unknown): ApiErrorDetail | undefined {
  const detail = (error as Partial<ApiError> | null)?.detail;
  return detail && typeof detail.code === 'string' ? detail : undefined;
}

/** The reason of a request the server did not answer in time, with the timeout it had (configuration: apiTimeoutMs). */
export const timeoutReason = (timeoutMs: number) => `The server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`;

/** The reason of a request that reached no server; the browser's own message when it gives one. */
export const networkReason = (error?: unknown) =>
  error instanceof Error && error.message ? `Could not reach the server (${error.message}).` : 'Could not reach the server.';

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
