// Restoring a whole deletion from the names trash (an import's undo, "restore all of this deletion", Undo after a
// delete) in parts of RESTORE_PART names, so no request outlives the API timeout however large the deletion is.
// Each part is all or nothing on the server, which checks the whole deletion for live twins every time
// (contract/endpoints.ts, POST /api/names/restore).
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiArgs } from './baseQuery';
import { RESTORE_PART } from '../../contract/dataSafety';
import type { RestoreResponse } from '../../contract/schemas/dataSafety';
import { formatCount } from '../lib/format';
import type { ApiError } from './errors';

type CallApi = (args: ApiArgs) => ReturnType<BaseQueryFn<ApiArgs, unknown, ApiError>>;

export type RestoreOutcome = { data: RestoreResponse } | { error: ApiError };

/** Adds one answer's counts to a running total. */
export function addRestored(total: RestoreResponse, part: RestoreResponse): void {
  total.restoredCount += part.restoredCount;
  total.swipes += part.swipes;
  total.matches += part.matches;
}

/** A failure after some names came back says how many did: they stay restored. */
export function failedAfter(error: ApiError, restoredCount: number): ApiError {
  if (restoredCount === 0) return error;
  return { ...error, reason: `${error.reason.replace(/\.?$/, '.')} ${formatCount(restoredCount)} names were restored before it failed.` };
}

/**
 * Restores every name of `deletionId` still in the trash, part after part, into `total`. Stops when the server says
 * none remain (a server that does not say `remaining` restored the whole deletion in one part).
 */
export async function restoreDeletionInParts(callApi: CallApi, deletionId: number, total: RestoreResponse): Promise<ApiError | null> {
  for (;;) {
    const result = await callApi({ url: '/names/restore', method: 'POST', body: { deletionId, limit: RESTORE_PART } });
    if (result.error) return result.error;
    const part = result.data as RestoreResponse;
    addRestored(total, part);
    if (!part.remaining || part.restoredCount === 0) return null;
  }
}
