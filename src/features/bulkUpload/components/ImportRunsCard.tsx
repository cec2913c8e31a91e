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
import type { ImportRunState } from '../../../../contract/importRuns';
import type { ImportRun, ImportRunDetail, UndoImportRunResponse } from '../../../../contract/schemas/importRuns';
import { impactText } from '../../../../contract/dataSafety';
import type { RestoreResponse } from '../../../../contract/schemas/dataSafety';
import { errorReason } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatCount, formatDateTime, formatTimeWithZone, withTimeZone } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { selectLatestJobOfKind } from '../../jobs';
import {
  useLazyGetImportRunQuery,
  useListImportRunsQuery,
  useRestoreUndoneImportMutation,
  useUndoImportRunMutation,
} from '../importRunsApi';

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

/** What an undo takes to the trash, said before it runs (the names edited since are kept, and say so). */
export function undoConfirmText(run: ImportRunDetail): string {
  const edited = run.rowsEdited ?? 0;
  const moving = run.rowsPresent - edited;
  const carried = impactText({ names: moving, swipes: run.swipes ?? 0, matches: run.matches ?? 0 });
  const deletedSince =
    run.rowsPresent < run.rowsAdded
      ? ` ${formatCount(run.rowsAdded - run.rowsPresent)} of its ${formatCount(run.rowsAdded)} were deleted since.`
      : '';
  const kept =
    edited > 0
      ? ` ${formatCount(edited)} ${edited === 1 ? 'name was edited after the import and stays' : 'names were edited after the import and stay'}.`
      : '';
  return `Undo the import of "${run.fileName}"? ${carried} will move to the trash.${kept}${deletedSince} You can restore them here or from Manage Names → Trash.`;
}
export const undoneToast = (response: Pick<UndoImportRunResponse, 'deletedCount' | 'keptEditedCount'>) =>
  `Import undone: ${formatCount(response.deletedCount)} ${response.deletedCount === 1 ? 'name' : 'names'} moved to the trash.` +
  (response.keptEditedCount > 0
    ? ` Kept ${formatCount(response.keptEditedCount)} ${response.keptEditedCount === 1 ? 'name' : 'names'} edited after the import.`
    : '');
export const undoFailedText = (reason: string) => `Failed to undo the import. ${reason}`;
export const restoredToast = (fileName: string, restored: RestoreResponse) =>
  `Restored ${impactText({ names: restored.restoredCount, swipes: restored.swipes, matches: restored.matches })} from the import of "${fileName}".`;
export const restoreFailedText = (reason: string) => `Failed to restore the import. ${reason}`;

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
  // restart mid-import), so the wording may not blame the page alone.
  if (run.state === 'interrupted') {
    parts.push('interrupted: the page was closed or reloaded, or the server stopped, during the import; the figures are what landed');
  }
  if ((run.trashedSkipped ?? 0) > 0) parts.push(`${formatCount(run.trashedSkipped ?? 0)} skipped: in the trash`);
  if (run.state === 'undone' && run.rowsUndone !== null) {
    parts.push(
      `undone by ${run.undoneBy ?? 'an admin'}: ${formatCount(run.rowsUndone)} ${run.rowsUndone === 1 ? 'name' : 'names'} moved to the trash`,
    );
  }
  return parts.join('; ');
}

/**
 * Recent imports as the server recorded them: after a reload or a closed tab too, each with exactly what landed,
 * an Undo that moves a run's names to the trash after saying how many (and what they carry), and a Restore that
 * takes the undo back.
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
  const [restoreUndo, { isLoading: restoring }] = useRestoreUndoneImportMutation();
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
      notify(undoneToast(await undoRun(confirming.id).unwrap()), 'success');
    } catch (failure) {
      notify(undoFailedText(errorReason(failure)), 'error');
    } finally {
      setConfirming(null);
    }
  };

  const restore = async (run: ImportRun) => {
    if (run.undoDeletionId === null || run.undoDeletionId === undefined) return;
    try {
      notify(restoredToast(run.fileName, await restoreUndo(run.undoDeletionId).unwrap()), 'success');
    } catch (failure) {
      notify(restoreFailedText(errorReason(failure)), 'error');
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
                          {run.state === 'undone' && run.undoDeletionId !== null && run.undoDeletionId !== undefined && (
                            <Button
                              size="small"
                              disabled={importing || restoring}
                              onClick={() => void restore(run)}
                              aria-label={`Restore the names of ${run.fileName}`}
                            >
                              Restore
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
