// The audit trail through the document port: pages of 100 read on with the cursor (never an offset), and
// the range's statistics computed by the backend.
import { api } from '../../api/apiSlice';
import { backendOf, portQuery } from '../../api/portQuery';
import { AUDIT_LOG_PAGE_SIZE } from '../../../contract/usersAudit';
import type { AuditLogsPage, AuditStats } from '../../../contract/schemas/usersAudit';
import type { AuditView } from './auditLogsSlice';

/** Shared with User Management, whose changes add entries (string tag: features do not import each other). */
const AUDIT_TAG = 'AuditLogs' as const;

const auditTagged = api.enhanceEndpoints({ addTagTypes: [AUDIT_TAG] });

export const auditLogsApi = auditTagged.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogs: build.infiniteQuery<AuditLogsPage, AuditView, string | null>({
      queryFn: ({ queryArg, pageParam }, { extra }) =>
        portQuery(() =>
          backendOf(extra).auditLogs.pageAuditLogs({
            ...(queryArg.since ? { since: queryArg.since } : {}),
            ...(queryArg.event ? { event: queryArg.event } : {}),
            source: queryArg.source,
            limit: AUDIT_LOG_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          }),
        ),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      providesTags: [AUDIT_TAG],
      // A filter change starts again at page one; an old list is not revived deeply loaded.
      keepUnusedDataFor: 0,
    }),

    getAuditStats: build.query<AuditStats, Pick<AuditView, 'since' | 'source'>>({
      queryFn: ({ since, source }, { extra }) =>
        portQuery(() => backendOf(extra).auditLogs.auditStats({ ...(since ? { since } : {}), source })),
      providesTags: [AUDIT_TAG],
    }),
  }),
});

export const { useGetAuditLogsInfiniteQuery, useGetAuditStatsQuery } = auditLogsApi;
