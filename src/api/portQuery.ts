// RTK Query endpoints over the backend ports (queryFn): a port call's outcome in RTK Query's { data } /
// { error } form, with the same ApiError shape the /api calls have, so screens handle both alike.
import type { Backend } from '../backend/ports';
import type { ThunkExtra } from './baseQuery';
import { asApiError, type ApiError } from './errors';

export function backendOf(extra: unknown): Backend {
  return (extra as ThunkExtra).backend;
}

export async function portQuery<T>(call: () => Promise<T>): Promise<{ data: T } | { error: ApiError }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: asApiError(error) };
  }
}
