import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { HistoryEntry, RecordHistory } from '../../../../contract/schemas/dataSafety';
import { errorReason } from '../../../api/errors';
import { useGetRecordHistoryInfiniteQuery, type HistoryKey } from '../historyApi';

export interface RecordHistoryView {
  entries: HistoryEntry[];
  state: RecordHistory['state'] | null;
  /** the record's version as last read (a revert sends it as If-Match); undefined when the backend keeps none */
  version: number | undefined;
  isLoading: boolean;
  error: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  retry(): void;
}

/** The history of `target` (none while null), read afresh each time it is opened, older pages on demand. */
export function useRecordHistory(target: HistoryKey | null): RecordHistoryView {
  const key = useMemo(() => (target ? { type: target.type, id: target.id } : null), [target]);
  const query = useGetRecordHistoryInfiniteQuery(key ?? skipToken, { refetchOnMountOrArgChange: true });
  const pages = query.currentData?.pages;
  const entries = useMemo(() => pages?.flatMap((p) => p.entries) ?? [], [pages]);
  // Pages are read (and refetched) in order, so the last one holds the freshest view of the record.
  const latest = pages?.[pages.length - 1];
  const version = (latest?.current as { version?: unknown } | null | undefined)?.version;
  return {
    entries,
    state: latest?.state ?? null,
    version: typeof version === 'number' ? version : undefined,
    isLoading: key !== null && !pages && !query.isError,
    error: query.isError ? errorReason(query.error) : null,
    hasOlder: Boolean(query.hasNextPage),
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
