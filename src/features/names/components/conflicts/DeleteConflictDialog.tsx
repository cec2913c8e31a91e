import { useId } from 'react';
import {
  Button,
  CircularProgress,
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
import type { NameRecord } from '../../../../../contract/schemas/names';
import { formatCount } from '../../../../lib/format';
import { changedFields } from '../../nameRecords';
import { savedByText } from './conflictText';

/** A name a delete was asked for as it was shown, and as the server holds it now. */
export interface ChangedName {
  shown: NameRecord;
  current: NameRecord;
  conflict: VersionConflict;
}

/** "Name: Emma → Emmi; Nationality: german → austrian", or what else moved the version on. */
export function whatChangedText({ shown, current }: Pick<ChangedName, 'shown' | 'current'>): string {
  const fields = changedFields(shown, current);
  if (fields.length === 0) return 'Saved again with the same values';
  return fields.map(({ field, label }) => `${label}: ${shown[field]} → ${current[field]}`).join('; ');
}

/**
 * A delete refused because names changed since they were shown (409 version_conflict, nothing deleted): which
 * names, what changed and who changed them. "Delete anyway" deletes them as they are now.
 */
export function DeleteConflictDialog({
  open,
  changed,
  asked,
  pending,
  onDeleteAnyway,
  onCancel,
}: {
  open: boolean;
  changed: readonly ChangedName[];
  /** how many names the delete was for */
  asked: number;
  pending: boolean;
  onDeleteAnyway: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const one = asked === 1;
  const title = one
    ? `“${changed[0]?.shown.name ?? ''}” was changed since you loaded it`
    : `${formatCount(changed.length)} of the ${formatCount(asked)} selected names ${changed.length === 1 ? 'was' : 'were'} changed since you loaded them`;
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onCancel()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          Nothing was deleted. Check what changed before you delete {one ? 'it' : 'them'} as {one ? 'it is' : 'they are'} now.
        </DialogContentText>
        <Table size="small" aria-label="Changed names">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Name
              </TableCell>
              <TableCell component="th" scope="col">
                What changed
              </TableCell>
              <TableCell component="th" scope="col">
                By
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changed.map((c) => (
              <TableRow key={c.shown.id}>
                <TableCell component="th" scope="row">
                  {c.shown.name}
                </TableCell>
                <TableCell>{whatChangedText(c)}</TableCell>
                <TableCell>{savedByText(c.conflict)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button
          onClick={onDeleteAnyway}
          disabled={pending}
          variant="contained"
          color="error"
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
        >
          Delete anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
