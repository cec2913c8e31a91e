import { useMemo } from 'react';
import type { AuditStats } from '../../../contract/usersAudit';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import { errorReason } from '../../api/errors';
import { GrowingGridBox } from '../../components/GrowingGridBox';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { jobCancelRequested } from '../jobs';
import { useGetAuditStatsQuery } from './auditLogsApi';
import { auditExportRequested, newAuditExportJobId, selectLatestAuditExport } from './auditExportSaga';
import { selectAuditFilters, selectAuditView } from './auditLogsSlice';
import { rangeParam } from './auditLogsUrl';
import { AuditExportStatus } from './components/AuditExportStatus';
import { AuditFiltersBar, RANGE_LABELS } from './components/AuditFiltersBar';
import { AuditLogTable, NO_AUDIT_LOGS_TEXT } from './components/AuditLogTable';
import { AuditStatsSection } from './components/AuditStatsSection';
import { useAuditLogList } from './hooks/useAuditLogList';
import { useAuditUrlSync } from './hooks/useAuditUrlSync';

/** /audit-logs (spec 2): filters, statistics, the trail with Load more, and the CSV export. */
/**
 * The statistics of the selected event type alone. The backend's per-event counts for the range and source
 * are all here (they also fill the event-type filter), so the total of one type is its own count: a total
 * of every type beside "No audit logs found for the selected filters." contradicted the list (issue 16).
 */
function statsForEvent(stats: AuditStats | undefined, event: string | undefined): AuditStats | undefined {
  if (!stats || !event) return stats;
  const byEvent = stats.byEvent.filter((e) => e.event === event);
  return { ...stats, byEvent, total: byEvent.reduce((sum, e) => sum + e.count, 0) };
}

export default function AuditLogsPage() {
  usePageTitle('Audit Logs');
  const dispatch = useAppDispatch();
  const ready = useAuditUrlSync();
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
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Audit Logs
      </Typography>
      <Stack spacing={3}>
        <AuditFiltersBar
          knownEvents={knownEvents}
          exportRunning={exportRunning}
          onExport={() => dispatch(auditExportRequested({ jobId: newAuditExportJobId(), view }))}
        />
        {exportJob && <AuditExportStatus job={exportJob} onCancel={() => dispatch(jobCancelRequested({ id: exportJob.id }))} />}
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
          <Box sx={{ minHeight: 52, display: 'flex', alignItems: 'center', justifyContent: 'center', pt: 1.5 }}>
            {list.error ? (
              <Alert
                severity="error"
                sx={{ width: '100%' }}
                action={
                  <Button color="inherit" size="small" onClick={list.retry}>
                    Retry
                  </Button>
                }
              >
                Failed to load audit logs: {list.error}
              </Alert>
            ) : list.isFetchingMore ? (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={20} />
                <Typography variant="body2" color="text.secondary">
                  Loading more entries…
                </Typography>
              </Stack>
            ) : list.hasNextPage ? (
              <Button variant="outlined" onClick={list.loadMore}>
                Load more
              </Button>
            ) : list.rows.length > 0 ? (
              <Typography variant="body2" color="text.secondary">
                End of the audit trail for these filters.
              </Typography>
            ) : null}
          </Box>
        </Paper>
      </Stack>
    </Container>
  );
}
