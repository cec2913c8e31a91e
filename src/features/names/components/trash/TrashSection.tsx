import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import type { TrashedName } from '../../../../../contract/schemas/dataSafety';
import { errorReason } from '../../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { RecordHistoryDrawer, type HistoryDrawerTarget } from '../../../history';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { formatCount } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useGetTrashQuery, usePurgeNamesMutation } from '../../namesApi';
import { selectNamesView, TRASH_PAGE_SIZE, trashDeletionShown, trashPageChanged } from '../../namesSlice';
import { useRestoreNames } from '../../hooks/useRestoreNames';
import { useTrashSummary } from '../../hooks/useTrashSummary';
import { DeletionBanner } from './DeletionBanner';
import { TrashEmptyState } from './TrashEmptyState';
import { TrashGrid } from './TrashGrid';
import { carriedBy, purgedText, purgeQuestion } from './trashText';
import { RetryAlert } from '../../../../components/RetryAlert';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * The trash (contract/dataSafety.ts): deleted names, newest deletion first, one server page at a time, to restore
 * (a row, the selection, a whole deletion) or delete forever after a confirmation that says what goes.
 */
export function TrashSection() {
  const dispatch = useAppDispatch();
  const { trashPage: page, trashDeletionId: deletionId } = useAppSelector(selectNamesView);
  const { retentionDays } = useTrashSummary();
  const trash = useGetTrashQuery({
    offset: page * TRASH_PAGE_SIZE,
    limit: TRASH_PAGE_SIZE,
    ...(deletionId !== null ? { deletionId } : {}),
  });
  const rows = useMemo(() => trash.data?.names ?? [], [trash.data]);
  const total = trash.data?.total ?? 0;

  // A page emptied by restores or purges (or a link to a page past the end): show the last page there is.
  const lastPage = Math.max(0, Math.ceil(total / TRASH_PAGE_SIZE) - 1);
  const pastTheEnd = trash.isSuccess && !trash.isFetching && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) dispatch(trashPageChanged(lastPage));
  }, [pastTheEnd, lastPage, dispatch]);

  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const selectedRows = useMemo(() => rows.filter((r) => selection.ids.has(r.id)), [rows, selection]);

  const { restore, restoring } = useRestoreNames();
  const [purgeNames, { isLoading: purging }] = usePurgeNamesMutation();
  // What the purge dialog asks about, kept apart from `open` so its text holds while it fades out.
  const [purgeRows, setPurgeRows] = useState<readonly TrashedName[]>([]);
  const [purgeOpen, setPurgeOpen] = useState(false);

  const restoreRows = useCallback(
    async (names: readonly TrashedName[]) => {
      if (await restore({ nameIds: names.map((n) => n.id) })) setSelection(EMPTY_SELECTION);
    },
    [restore],
  );
  const askPurge = useCallback((names: readonly TrashedName[]) => {
    setPurgeRows(names);
    setPurgeOpen(true);
  }, []);
  const onRestoreRow = useCallback((row: TrashedName) => void restoreRows([row]), [restoreRows]);
  const onPurgeRow = useCallback((row: TrashedName) => askPurge([row]), [askPurge]);
  const onShowDeletion = useCallback((row: TrashedName) => dispatch(trashDeletionShown(row.deletionId)), [dispatch]);
  const [historyOf, setHistoryOf] = useState<HistoryDrawerTarget | null>(null);
  const showHistory = useCallback((row: TrashedName) => setHistoryOf({ type: 'name', id: String(row.id), label: row.name }), []);

  async function confirmPurge() {
    try {
      const result = await purgeNames(purgeRows.map((r) => r.id)).unwrap();
      notify(purgedText(result), 'success');
      setSelection(EMPTY_SELECTION);
    } catch (error) {
      notify(`Failed to delete forever. ${errorReason(error)}`, 'error');
    } finally {
      setPurgeOpen(false);
    }
  }

  async function restoreDeletion() {
    if (deletionId === null) return;
    if (await restore({ deletionIds: [deletionId] })) dispatch(trashDeletionShown(null));
  }

  const n = selectedRows.length;
  const busy = restoring || purging;
  const emptyTrash = trash.isSuccess && total === 0 && deletionId === null;

  return (
    <Paper component="section" aria-labelledby="trash-heading" sx={{ p: 2.5 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box>
          <Typography id="trash-heading" variant="h6" component="h2">
            Trash
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="trash-count">
            {trash.isLoading
              ? 'Loading the trash…'
              : `${formatCount(total)} ${total === 1 ? 'name' : 'names'}${deletionId === null ? ' in the trash' : ''}. Each is kept ${retentionDays} days, then deleted forever.`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<RestoreIcon />} disabled={n === 0 || busy} onClick={() => void restoreRows(selectedRows)}>
            Restore selected ({n})
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForeverIcon />}
            disabled={n === 0 || busy}
            onClick={() => askPurge(selectedRows)}
          >
            Delete forever ({n})
          </Button>
        </Stack>
      </Stack>

      {deletionId !== null && trash.isSuccess && (
        <DeletionBanner
          sample={rows[0]}
          total={total}
          restoring={busy}
          onRestoreAll={() => void restoreDeletion()}
          onShowAll={() => dispatch(trashDeletionShown(null))}
        />
      )}

      {trash.isError ? (
        <RetryAlert onRetry={() => void trash.refetch()}>Failed to load the trash. {errorReason(trash.error)}</RetryAlert>
      ) : emptyTrash ? (
        <TrashEmptyState retentionDays={retentionDays} />
      ) : (
        <TrashGrid
          rows={rows}
          total={total}
          page={Math.min(page, lastPage)}
          onPageChange={(next) => dispatch(trashPageChanged(next))}
          loading={trash.isFetching}
          selection={selection}
          onSelectionChange={setSelection}
          onRestore={onRestoreRow}
          onPurge={onPurgeRow}
          onShowDeletion={onShowDeletion}
          onHistory={showHistory}
          busy={busy}
        />
      )}
      <RecordHistoryDrawer target={historyOf} onClose={() => setHistoryOf(null)} />

      <ConfirmDialog
        open={purgeOpen}
        title="Delete forever?"
        message={purgeQuestion(carriedBy(purgeRows))}
        confirmLabel="Delete forever"
        destructive
        pending={purging}
        onConfirm={() => void confirmPurge()}
        onCancel={() => setPurgeOpen(false)}
      />
    </Paper>
  );
}
