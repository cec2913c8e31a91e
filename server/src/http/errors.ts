import type { ApiErrorBody } from '../../../contract/schemas/parts';

/**
 * An error a route throws on purpose: the error handler sends it as an ApiErrorBody with its status.
 * Anything else that is thrown becomes a 500 'Internal server error' (and is logged).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** what else the answer carries for the client to act on (a conflict's current record, the trashed twin) */
    readonly extra: Pick<ApiErrorBody, 'conflict' | 'conflicts' | 'trashed' | 'count'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return { error: this.code, message: this.message, ...(this.field ? { field: this.field } : {}), ...this.extra };
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, 'bad_request', message, field);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, field?: string) => new HttpError(409, 'conflict', message, field);
export const gone = (message: string) => new HttpError(410, 'gone', message);
export const unauthorized = (message = 'Sign-in required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Admin access required') => new HttpError(403, 'forbidden', message);
