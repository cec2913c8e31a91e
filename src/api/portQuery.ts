// RTK Query endpoints over the backend ports (queryFn): a port call's outcome in RTK Query's { data } /
// { error } form, with the same ApiError shape the /api calls have, so screens handle both alike.
import type { Backend } from '../backend/ports';
import type { ThunkExtra } from './baseQuery';
import { errorReason, type ApiError } from './errors';

export function backendOf(extra: unknown): Backend {
  return (extra as ThunkExtra).backend;
}

/** An adapter's rejection as an ApiError: its HTTP status when it carries one, the message as the reason. */
export function portError(error: unknown): ApiError {
  const status = (error as { status?: unknown } | null)?.status;
  const known = typeof status === 'number' || status === 'TIMEOUT' || status === 'NETWORK' || status === 'PARSE';
  return { status: known ? (status as ApiError['status']) : 'NETWORK', reason: errorReason(error) };
}

export async function portQuery<T>(call: () => Promise<T>): Promise<{ data: T } | { error: ApiError }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: portError(error) };
  }
}
