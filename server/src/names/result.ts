/**
 * What the names API's validators return instead of throwing: the routes turn a failure into
 * 400 { error: 'bad_request', message, field } (ApiErrorBody), so every rejection names its input.
 */
export interface FieldError {
  field: string;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: FieldError };

export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function fail<T = never>(field: string, message: string): Parsed<T> {
  return { ok: false, error: { field, message } };
}
