import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import type { NameRecord } from '../../../../../contract/schemas/names';
import { errorReason } from '../../../../api/errors';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { formatCount } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useBulkDeleteNamesMutation, type NameRef } from '../../namesApi';
import { useRestoreNames } from '../../hooks/useRestoreNames';
import { DeleteConflictDialog, type ChangedName } from '../conflicts/DeleteConflictDialog';
import { changedNamesOf } from '../conflicts/changedNames';
import { DeleteImpact } from './DeleteImpact';

/**
 * Deleting the selected names: what they carry to the trash, then one bulk delete with the versions they were
 * shown with. Names changed since (409, nothing deleted) are listed, to delete anyway as they are now or keep.
 * The success toast offers Undo: a restore of the deletion(s) the answer named.
 */
export function DeleteSelectedDialog({
  rows,
  open,
  onClose,
  onDeleted,
}: {
  /** the rows as the operator confirmed them (kept by the caller while the dialog fades out) */
  rows: readonly NameRecord[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [bulkDelete, { isLoading }] = useBulkDeleteNamesMutation();
  const { restore } = useRestoreNames();
  const [changed, setChanged] = useState<ChangedName[]>([]);
  const [conflictOpen, setConflictOpen] = useState(false);

  async function remove(refs: readonly NameRef[]) {
    try {
      const { deletionIds } = await bulkDelete(refs).unwrap();
      const undo = deletionIds.length > 0 ? { label: 'Undo', onClick: () => void restore({ deletionIds }) } : undefined;
      notify('Selected names deleted successfully!', 'success', { action: undo });
      setConflictOpen(false);
      onDeleted();
    } catch (error) {
      const conflicts = changedNamesOf(error, rows);
      setChanged(conflicts);
      setConflictOpen(conflicts.length > 0);
      // The selection stays, so the operator can retry.
      if (conflicts.length === 0) notify(`Failed to delete selected names. ${errorReason(error)}`, 'error');
    } finally {
      onClose();
    }
  }

  /** The rows with the versions the server holds now for the ones that changed. */
  function asTheyAreNow(): NameRef[] {
    const now = new Map(changed.map((c) => [c.current.id, c.current.version]));
    return rows.map((r) => ({ id: r.id, version: now.has(r.id) ? now.get(r.id) : r.version }));
  }

  const n = rows.length;
  return (
    <>
      <ConfirmDialog
        open={open}
        title={`Delete ${formatCount(n)} selected ${n === 1 ? 'name' : 'names'}?`}
        message={
          <>
            <DialogContentText sx={{ mb: 1.5 }}>
              {n === 1 ? 'It is' : 'They are'} removed from the name database for every user of the app.
            </DialogContentText>
            <DeleteImpact nameIds={rows.map((r) => r.id)} />
          </>
        }
        confirmLabel={`Delete ${formatCount(n)}`}
        destructive
        pending={isLoading}
        onConfirm={() => void remove(rows)}
        onCancel={onClose}
      />
      <DeleteConflictDialog
        open={conflictOpen}
        changed={changed}
        asked={rows.length}
        pending={isLoading}
        onDeleteAnyway={() => void remove(asTheyAreNow())}
        onCancel={() => setConflictOpen(false)}
      />
    </>
  );
}
