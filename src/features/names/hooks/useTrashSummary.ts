import { DEFAULT_TRASH_RETENTION_DAYS } from '../../../../contract/dataSafety';
import { useGetTrashQuery } from '../namesApi';

/** One row is enough: the answer's total and retention are the whole trash's. */
const SUMMARY_PAGE = { offset: 0, limit: 1 } as const;

/**
 * How many names the trash holds (the tab's "Trash (n)") and how long it keeps them (the delete confirmations).
 * Refetched with every change of the trash (its tag); the retention is the contract's default until it answers.
 */
export function useTrashSummary() {
  const { data } = useGetTrashQuery(SUMMARY_PAGE);
  return { total: data?.total, retentionDays: data?.retentionDays ?? DEFAULT_TRASH_RETENTION_DAYS };
}
