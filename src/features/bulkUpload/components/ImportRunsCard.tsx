import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  type ChipProps,
} from '@mui/material';
import type { ImportRun, ImportRunDetail, ImportRunState } from '../../../../contract/importRuns';
import { errorReason } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatCount, formatDateTime, formatTimeWithZone, withTimeZone } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { selectLatestJobOfKind } from '../../jobs';
import { useLazyGetImportRunQuery, useListImportRunsQuery, useUndoImportRunMutation } from '../importRunsApi';

const STATE_LABEL: Record<ImportRunState, string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
  undone: 'Undone',
};

const STATE_COLOR: Record<ImportRunState, ChipProps['color']> = {
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  interrupted: 'warning',
  undone: 'default',
};

export const undoConfirmText = (run: ImportRunDetail) =>
  `Undo the import of "${run.fileName}"? This deletes the ${formatCount(run.rowsPresent)} names it added that are still stored` +
  (run.rowsPresent < run.rowsAdded
    ? ` (${formatCount(run.rowsAdded - run.rowsPresent)} of its ${formatCount(run.rowsAdded)} were deleted since)`
    : '') +
  '. This cannot be undone.';
export const undoneToast = (deleted: number) => `Import undone: ${formatCount(deleted)} names deleted.`;
export const undoFailedText = (reason: string) => `Failed to undo the import. ${reason}`;

/** How often the list is fetched again while some run is running that this page does not send. */
const OTHERS_POLL_MS = 10_000;

/** What landed and what the console said about the file, in one line under the figures. */
function runSummary(run: ImportRun): string {
  const parts: string[] = [];
  const report = run.consoleReport;
  if (report) {
    parts.push(`${formatCount(report.rowsRead)} rows read${report.encoding ? ` as ${report.encoding}` : ''}`);
    if (report.rowsSkipped > 0) parts.push(`${formatCount(report.rowsSkipped)} skipped before sending`);
  }
  if (run.state === 'running') {
    parts.push(`last batch at ${formatTimeWithZone(run.lastBatchAt)}; a minute without one marks it interrupted`);
  }
  // The server marks a run interrupted after a minute without a batch AND at its own start (a crash or
  // restart mid-import), so the wording may not blame the page alone (issue 16).
  if (run.state === 'interrupted') {
    parts.push('interrupted: the page was closed or reloaded, or the server stopped, during the import; the figures are what landed');
  }
  if (run.state === 'undone' && run.rowsUndone !== null) {
    parts.push(`undone by ${run.undoneBy ?? 'an admin'}: ${formatCount(run.rowsUndone)} names deleted`);
  }
  return parts.join('; ');
}

/**
 * Recent imports as the server recorded them (issue 6 §3): after a reload or a closed tab too, each
 * with exactly what landed, and an Undo that deletes a run's names after saying how many.
 */
export function ImportRunsCard() {
  const importing = useAppSelector((state) => selectLatestJobOfKind(state, 'bulkImport')?.state === 'running');
  const [watchOthers, setWatchOthers] = useState(false);
  // A run this page is not sending (another tab, or one cut off by a reload) changes on the server
  // alone: look again now and then until none is running.
  const {
    data: runs = [],
    isLoading,
    isError,
    error,
  } = useListImportRunsQuery(undefined, {
    pollingInterval: watchOthers && !importing ? OTHERS_POLL_MS : 0,
  });
  const othersRunning = runs.some((run) => run.state === 'running');
  if (othersRunning !== watchOthers) setWatchOthers(othersRunning);
  const [loadRun, { isFetching: loadingRun }] = useLazyGetImportRunQuery();
  const [undoRun, { isLoading: undoing }] = useUndoImportRunMutation();
  const [confirming, setConfirming] = useState<ImportRunDetail | null>(null);

  const askToUndo = async (run: ImportRun) => {
    try {
      setConfirming(await loadRun(run.id).unwrap());
    } catch (failure) {
      notify(undoFailedText(errorReason(failure)), 'error');
    }
  };

  const undo = async () => {
    if (!confirming) return;
    try {
      const { deletedCount } = await undoRun(confirming.id).unwrap();
      notify(undoneToast(deletedCount), 'success');
    } catch (failure) {
      notify(undoFailedText(errorReason(failure)), 'error');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Recent imports
          </Typography>
          {isError && <Alert severity="error">{`Failed to load recent imports. ${errorReason(error)}`}</Alert>}
          {!isLoading && !isError && runs.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No imports yet.
            </Typography>
          )}
          {runs.length > 0 && (
            <TableContainer>
              <Table size="small" aria-label="Recent imports">
                <TableHead>
                  <TableRow>
                    <TableCell>File</TableCell>
                    <TableCell>{withTimeZone('Started')}</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell align="right">Added</TableCell>
                    <TableCell align="right">Duplicates</TableCell>
                    <TableCell align="right">Rows received</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {runs.map((run) => {
                    const summary = runSummary(run);
                    return (
                      <TableRow key={run.id} data-testid={`import-run-${run.id}`}>
                        <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                          <Typography variant="body2">{run.fileName}</Typography>
                          {summary && (
                            <Typography variant="caption" color="text.secondary">
                              {summary}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">{formatDateTime(run.startedAt)}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {run.actorEmail}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Chip size="small" label={STATE_LABEL[run.state]} color={STATE_COLOR[run.state]} variant="outlined" />
                        </TableCell>
                        <TableCell align="right">{formatCount(run.rowsAdded)}</TableCell>
                        <TableCell align="right">{formatCount(run.duplicatesSkipped)}</TableCell>
                        <TableCell align="right">{formatCount(run.rowsReceived)}</TableCell>
                        <TableCell align="right">
                          {run.state !== 'undone' && run.rowsAdded > 0 && (
                            <Button
                              size="small"
                              color="error"
                              disabled={importing || loadingRun || undoing}
                              onClick={() => void askToUndo(run)}
                              aria-label={`Undo the import of ${run.fileName}`}
                            >
                              Undo
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title="Undo import"
        message={confirming ? undoConfirmText(confirming) : ''}
        confirmLabel="Undo import"
        destructive
        pending={undoing}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void undo()}
      />
    </Card>
  );
}
