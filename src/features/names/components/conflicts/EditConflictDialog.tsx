import { useId } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import type { VersionConflict } from '../../../../../contract/schemas/dataSafety';
import type { NameInput, NameRecord } from '../../../../../contract/schemas/names';
import { EDITABLE_FIELDS } from '../../nameRecords';
import { savedByText } from './conflictText';

export type EditConflictChoice = 'keepTheirs' | 'saveMine' | 'editAgain';

export interface EditConflict {
  /** the name as the row showed it when the operator began editing */
  shownName: string;
  /** what the operator typed */
  mine: NameInput;
  /** the name as the server holds it now */
  theirs: NameRecord;
  conflict: VersionConflict;
}

/**
 * A save refused because the name changed since it was shown (409 version_conflict): both sides field by field,
 * and the operator decides. Nothing is overwritten silently, and nothing typed is lost: closing the dialog is
 * "Edit again".
 */
export function EditConflictDialog({
  open,
  value,
  onChoose,
}: {
  open: boolean;
  value: EditConflict | null;
  onChoose: (choice: EditConflictChoice) => void;
}) {
  const id = useId();
  if (!value) return null;
  const { shownName, mine, theirs, conflict } = value;
  const savedBy = savedByText(conflict);
  return (
    <Dialog
      open={open}
      onClose={() => onChoose('editAgain')}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>“{shownName}” was changed while you edited it</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          Someone saved it after you began editing. Nothing of your edit was saved yet: choose which values to keep.
        </DialogContentText>
        <Table size="small" aria-label="Your edit and the saved name">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Field
              </TableCell>
              <TableCell component="th" scope="col" sx={{ width: '35%' }}>
                Your edit
              </TableCell>
              <TableCell component="th" scope="col" sx={{ width: '45%' }}>
                {savedBy}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {EDITABLE_FIELDS.map(({ field, label }) => {
              const differs = mine[field] !== theirs[field];
              const emphasis = differs ? { fontWeight: 600 } : undefined;
              return (
                <TableRow key={field} selected={differs}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell sx={emphasis}>{mine[field]}</TableCell>
                  <TableCell sx={emphasis}>{theirs[field]}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* Edit again first and focused: an accidental Enter keeps both versions. */}
        <Button onClick={() => onChoose('editAgain')} autoFocus>
          Edit again
        </Button>
        <Button onClick={() => onChoose('keepTheirs')} variant="outlined">
          Keep theirs
        </Button>
        <Button onClick={() => onChoose('saveMine')} variant="contained">
          Save mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
