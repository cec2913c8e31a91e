import { useMemo } from 'react';
import type { AuditStats } from '../../../contract/schemas/usersAudit';
import { Container, Paper, Stack, Typography } from '@mui/material';
import { errorReason } from '../../api/errors';
import { GrowingGridBox } from '../../components/GrowingGridBox';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useUrlBackedView } from '../../hooks/useUrlBackedView';
import { PagedListFooter } from '../../components/PagedListFooter';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { jobCancelRequested, jobCountText, JobStatus } from '../jobs';
import { useGetAuditStatsQuery } from './auditLogsApi';
import { AUDIT_EXPORT_FAILED, auditExportRequested, newAuditExportJobId, selectLatestAuditExport } from './auditExportSaga';
import { selectAuditFilters, selectAuditView } from './auditLogsSlice';
import { auditUrlView, rangeParam } from './auditLogsUrl';
import { AuditFiltersBar, RANGE_LABELS } from './components/AuditFiltersBar';
import { AuditLogTable, NO_AUDIT_LOGS_TEXT } from './components/AuditLogTable';
import { AuditStatsSection } from './components/AuditStatsSection';
import { AuditViewsControl } from './components/AuditViewsControl';
import { useAuditLogList } from './hooks/useAuditLogList';
import { PageHeading } from '../../components/PageHeading';

/** /audit-logs (spec 2): filters, statistics, the trail with Load more, and the CSV export. */
/**
 * The statistics of the selected event type alone. The backend's per-event counts for the range and source
 * are all here (they also fill the event-type filter), so the total of one type is its own count: a total
 * of every type beside "No audit logs found for the selected filters." contradicted the list.
 */
function statsForEvent(stats: AuditStats | undefined, event: string | undefined): AuditStats | undefined {
  if (!stats || !event) return stats;
  const byEvent = stats.byEvent.filter((e) => e.event === event);
  return { ...stats, byEvent, total: byEvent.reduce((sum, e) => sum + e.count, 0) };
}

export default function AuditLogsPage() {
  usePageTitle('Audit Logs');
  const dispatch = useAppDispatch();
  const ready = useUrlBackedView(auditUrlView);
  const filters = useAppSelector(selectAuditFilters);
  const view = useAppSelector(selectAuditView);
  const list = useAuditLogList(ready);
  const stats = useGetAuditStatsQuery(ready ? { since: view.since, source: view.source } : { since: undefined, source: 'all' }, {
    skip: !ready,
  });
  const exportJob = useAppSelector(selectLatestAuditExport);
  const exportRunning = exportJob?.state === 'running';
  const knownEvents = useMemo(() => stats.currentData?.byEvent.map((e) => e.event) ?? [], [stats.currentData]);
  const shownStats = useMemo(() => statsForEvent(stats.currentData, view.event), [stats.currentData, view.event]);

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <PageHeading title="Audit Logs">
        <AuditViewsControl />
      </PageHeading>
      <Stack spacing={3}>
        <AuditFiltersBar
          knownEvents={knownEvents}
          exportRunning={exportRunning}
          onExport={() => dispatch(auditExportRequested({ jobId: newAuditExportJobId(), view }))}
        />
        {exportJob && (
          <JobStatus
            job={exportJob}
            progressText={`Exporting ${exportJob.label}: ${jobCountText(exportJob, 'entries')}`}
            progressLabel="Export progress"
            cancellingText="Cancelling the export…"
            onCancel={() => dispatch(jobCancelRequested({ id: exportJob.id }))}
            failedTitle={AUDIT_EXPORT_FAILED}
            data-testid="audit-export-status"
          />
        )}
        <AuditStatsSection
          stats={shownStats}
          loading={stats.isFetching}
          error={stats.isError ? errorReason(stats.error) : null}
          rangeLabel={RANGE_LABELS[rangeParam(filters.rangeDays)] + (view.event ? ` · ${view.event}` : '')}
        />
        <Paper component="section" aria-labelledby="audit-list-heading" sx={{ p: 2.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
            <Typography id="audit-list-heading" variant="h6" component="h2">
              Audit trail
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="audit-count">
              {list.isLoadingFirstPage
                ? 'Loading entries…'
                : `Showing ${formatCount(list.rows.length)} ${list.rows.length === 1 ? 'entry' : 'entries'}`}
            </Typography>
          </Stack>
          <GrowingGridBox rowCount={list.rows.length}>
            <AuditLogTable
              rows={list.rows}
              loading={list.isLoadingFirstPage}
              source={filters.source}
              noRowsLabel={list.error && list.rows.length === 0 ? 'The audit logs could not be loaded.' : NO_AUDIT_LOGS_TEXT}
            />
          </GrowingGridBox>
          <PagedListFooter
            error={list.error ? `Failed to load audit logs: ${list.error}` : null}
            onRetry={list.retry}
            loadingMore={list.isFetchingNextPage}
            loadingText="Loading more entries…"
            hasMore={list.hasNextPage}
            onLoadMore={list.requestMore}
            hasRows={list.rows.length > 0}
            endText="End of the audit trail for these filters."
          />
        </Paper>
      </Stack>
    </Container>
  );
}
