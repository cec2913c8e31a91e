import { useCallback, useMemo, useState } from 'react';
import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { UserRecord } from '../../../../contract/schemas/usersAudit';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { GrowingGridBox } from '../../../components/GrowingGridBox';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCount } from '../../../lib/format';
import { useUserList, type UserList } from '../hooks/useUserList';
import { useVisibleRowsReporter, VisibleRowsContext } from '../hooks/useVisibleRowsReporter';
import { useUserWrites } from '../hooks/useUserWrites';
import { RecordHistoryDrawer, type HistoryDrawerTarget } from '../../history';
import { putUserInCachedLists } from '../usersApi';
import { userLabel } from '../userMutationToasts';
import { selectUserSort, sortChanged } from '../usersSlice';
import { UserConflictDialog } from './UserConflictDialog';
import { UserDetailDrawer } from './UserDetailDrawer';
import { UsersGrid } from './UsersGrid';
import { UsersPager } from './UsersPager';
import { RetryAlert } from '../../../components/RetryAlert';

/** Spec 8. */
export const NO_USERS_TEXT = 'No users found matching your criteria.';

function listSummary({ total, totalIsLowerBound, rows, isLoading, error }: UserList): string {
  if (isLoading) return 'Loading users…';
  // The alert below says what went wrong; "Showing 0 users" would read as an empty result.
  if (error && rows.length === 0) return '';
  if (total === null) return `Showing ${formatCount(rows.length)} ${rows.length === 1 ? 'user' : 'users'}`;
  if (totalIsLowerBound) return `More than ${formatCount(total)} users match`;
  return `${formatCount(total)} ${total === 1 ? 'user matches' : 'users match'}`;
}

/** The list: count, Show All progress, the grid, the pager, the delete confirmation and the detail drawer. */
export function UsersTableSection({ enabled }: { enabled: boolean }) {
  const dispatch = useAppDispatch();
  const list = useUserList(enabled);
  const sort = useAppSelector(selectUserSort);
  const rowOrder = useMemo(() => list.rows.map((u) => u.uid), [list.rows]);
  const registerVisibleRow = useVisibleRowsReporter(rowOrder);

  const writes = useUserWrites();
  const { busy, togglePremium: onTogglePremium, toggleActive: onToggleActive } = writes;

  // The dialog keeps whom it asks about apart from `open`, so its text does not change while it fades out.
  const [toDelete, setToDelete] = useState<UserRecord | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const onDelete = useCallback((user: UserRecord) => {
    setToDelete(user);
    setDeleteOpen(true);
  }, []);
  async function confirmDelete() {
    if (!toDelete) return;
    const user = toDelete;
    const deleted = await writes.remove(user);
    setDeleteOpen(false);
    if (deleted) setDetailUid((uid) => (uid === user.uid ? null : uid));
  }
  async function deleteAnyway() {
    const uid = writes.conflict?.shown.uid;
    if (await writes.deleteAnyway()) setDetailUid((open) => (open === uid ? null : open));
  }

  // The drawer follows the row, so a toggle made while it is open shows there too.
  const [detailUid, setDetailUid] = useState<string | null>(null);
  const [detailSnapshot, setDetailSnapshot] = useState<UserRecord | null>(null);
  const onDetails = useCallback((user: UserRecord) => {
    setDetailUid(user.uid);
    setDetailSnapshot(user);
  }, []);
  const detailUser = detailUid === null ? null : (list.rows.find((u) => u.uid === detailUid) ?? detailSnapshot);

  // The record's history (the history feature's drawer), opened from the detail drawer.
  const [historyTarget, setHistoryTarget] = useState<HistoryDrawerTarget | null>(null);
  const onHistory = useCallback((user: UserRecord) => {
    setDetailUid(null);
    setHistoryTarget({ type: 'user', id: user.uid, label: userLabel(user) });
  }, []);

  const progress = list.showAllProgress;
  const percent = progress?.total ? Math.min(100, (progress.loaded / progress.total) * 100) : undefined;

  return (
    <Paper component="section" aria-labelledby="users-list-heading" sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="users-list-heading" variant="h6" component="h2">
          Users
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="users-count">
          {listSummary(list)}
        </Typography>
      </Stack>

      {progress && (
        <Box role="status" aria-label="Loading all users" sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            Loading all users: {formatCount(progress.loaded)}
            {progress.total !== null ? ` of ${formatCount(progress.total)}` : ''}…
          </Typography>
          <LinearProgress variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent} />
        </Box>
      )}

      {list.error && (
        <RetryAlert sx={{ mb: 1.5 }} onRetry={list.retry}>
          Failed to load users: {list.error}
        </RetryAlert>
      )}

      <VisibleRowsContext.Provider value={registerVisibleRow}>
        <GrowingGridBox rowCount={list.rows.length}>
          <UsersGrid
            rows={list.rows}
            loading={list.isLoading || (list.isFetching && !progress)}
            noRowsLabel={list.error ? 'The users could not be loaded.' : NO_USERS_TEXT}
            sort={sort}
            onSortChange={(next) => dispatch(sortChanged(next))}
            onTogglePremium={onTogglePremium}
            onToggleActive={onToggleActive}
            onDelete={onDelete}
            onDetails={onDetails}
            busy={busy}
          />
        </GrowingGridBox>
      </VisibleRowsContext.Provider>
      <UsersPager
        total={list.total}
        totalIsLowerBound={list.totalIsLowerBound}
        shown={list.rows.length}
        hasNextPage={list.hasNextPage}
        anchorFor={list.anchorFor}
      />

      <ConfirmDialog
        open={deleteOpen}
        title={`Delete ${toDelete ? userLabel(toDelete) : 'user'}?`}
        message={`This permanently deletes ${toDelete ? userLabel(toDelete) : 'the user'}'s account and record, with their swipes, connection requests and connections. This cannot be undone.`}
        confirmLabel="Delete user"
        destructive
        pending={writes.deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
      />
      <UserConflictDialog
        conflict={writes.conflict}
        onKeepTheirs={writes.keepTheirs}
        onApplyMine={writes.applyMineAnyway}
        onDeleteAnyway={() => void deleteAnyway()}
      />
      <UserDetailDrawer user={detailUser} onClose={() => setDetailUid(null)} onHistory={onHistory} />
      <RecordHistoryDrawer
        target={historyTarget}
        onClose={() => setHistoryTarget(null)}
        onReverted={(result) => {
          // The reverted record in place in every cached list (Show All included), before the page's refetch.
          if (result.state === 'live' && result.current) dispatch(putUserInCachedLists(result.current as UserRecord));
        }}
      />
    </Paper>
  );
}
