import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AuditEntry } from '../../../../contract/schemas/usersAudit';
import { useAppSelector } from '../../../app/hooks';
import { uniqueRows, usePagedList } from '../../../hooks/usePagedList';
import { useGetAuditLogsInfiniteQuery } from '../auditLogsApi';
import { morePagesRequested, selectAuditRequestedPages, selectAuditView } from '../auditLogsSlice';

/** A row of the table: entries are unique by source and id together. */
export type AuditRow = AuditEntry & { rowId: string };

const rowIdOf = (entry: AuditEntry) => `${entry.source}:${entry.id}`;

const auditRowsOf = (pages: readonly { entries: AuditEntry[] }[]): AuditRow[] =>
  uniqueRows(pages, (page) => page.entries, rowIdOf).map((entry) => ({ ...entry, rowId: rowIdOf(entry) }));

/** The loaded entries: 100 per page, Load more reads the next page with the cursor. */
export function useAuditLogList(enabled: boolean) {
  const view = useAppSelector(selectAuditView);
  const requestedPages = useAppSelector(selectAuditRequestedPages);
  const query = useGetAuditLogsInfiniteQuery(enabled ? view : skipToken);
  return usePagedList(query, { enabled, requestedPages, pageRequested: morePagesRequested, rowsOf: auditRowsOf });
}
