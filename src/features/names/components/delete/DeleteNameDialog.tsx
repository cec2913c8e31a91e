import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import type { NameRecord } from '../../../../../contract/schemas/names';
import { errorReason } from '../../../../api/errors';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { notify } from '../../../../lib/notify';
import { useDeleteNameMutation, type NameRef } from '../../namesApi';
import { useRestoreNames } from '../../hooks/useRestoreNames';
import { DeleteConflictDialog, type ChangedName } from '../conflicts/DeleteConflictDialog';
import { changedNamesOf } from '../conflicts/changedNames';
import { DeleteImpact } from './DeleteImpact';

/**
 * Deleting one name: the spec's question with what the name carries to the trash, then the delete with the
 * version the row was shown with. A name changed since (409) is shown as it is now, to delete anyway or keep.
 * The success toast offers Undo: a restore of that id (a single delete answers no deletion id).
 */
export function DeleteNameDialog({ row, open, onClose }: { row: NameRecord | null; open: boolean; onClose: () => void }) {
  const [deleteName, { isLoading }] = useDeleteNameMutation();
  const { restore } = useRestoreNames();
  const [changed, setChanged] = useState<ChangedName[]>([]);
  const [conflictOpen, setConflictOpen] = useState(false);

  async function remove(ref: NameRef) {
    try {
      await deleteName(ref).unwrap();
      notify('Name deleted successfully!', 'success', { action: { label: 'Undo', onClick: () => void restore({ nameIds: [ref.id] }) } });
      setConflictOpen(false);
    } catch (error) {
      const conflicts = row ? changedNamesOf(error, [row]) : [];
      setChanged(conflicts);
      setConflictOpen(conflicts.length > 0);
      if (conflicts.length === 0) notify(`Failed to delete name. ${errorReason(error)}`, 'error');
    } finally {
      onClose();
    }
  }

  const now = changed[0]?.current;
  return (
    <>
      <ConfirmDialog
        open={open}
        title={`Delete “${row?.name ?? ''}”?`}
        message={
          <>
            <DialogContentText sx={{ mb: 1.5 }}>Are you sure you want to delete this name?</DialogContentText>
            <DeleteImpact nameIds={row ? [row.id] : []} />
          </>
        }
        confirmLabel="Delete"
        destructive
        pending={isLoading}
        onConfirm={() => row && void remove({ id: row.id, version: row.version })}
        onCancel={onClose}
      />
      <DeleteConflictDialog
        open={conflictOpen}
        changed={changed}
        asked={1}
        pending={isLoading}
        onDeleteAnyway={() => now && void remove({ id: now.id, version: now.version })}
        onCancel={() => setConflictOpen(false)}
      />
    </>
  );
}
