import { useId } from 'react';
import {
  Box,
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
  Typography,
} from '@mui/material';
import type { UserRecord, UserFlagsUpdate } from '../../../../contract/schemas/usersAudit';
import { formatDateTimeWithZone } from '../../../lib/format';
import { userRecordChanges, type UserFieldChange } from '../../../lib/userRecordChanges';
import type { UserConflict } from '../hooks/useUserWrites';
import type { UserConflictSide } from '../userConflicts';
import { userLabel } from '../userMutationToasts';

const FLAG_WORDS: Record<keyof UserFlagsUpdate, { label: string; yes: string; no: string }> = {
  isPremium: { label: 'Plan', yes: 'Premium', no: 'Free' },
  accountActive: { label: 'Status', yes: 'Active', no: 'Inactive' },
};

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'lastLogin', 'lastActiveDate', 'lastSwipeDate']);

function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (DATE_FIELDS.has(field)) return formatDateTimeWithZone(value as string);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "Changed by ana@example.com at 4 Mar 2026, 10:00:00 UTC", or outside the console (the app, a script). */
export function changedByText(theirs: Pick<UserConflictSide, 'changedBy' | 'changedAt'>): string {
  const when = theirs.changedAt ? ` at ${formatDateTimeWithZone(theirs.changedAt)}` : '';
  return theirs.changedBy ? `Changed by ${theirs.changedBy.email}${when}.` : `Changed outside the console (e.g. by the app)${when}.`;
}

/** What changed besides `except` since the row was shown (updatedAt says when, above: not repeated). */
function otherChanges(shown: UserRecord, current: UserRecord, except: readonly string[]): UserFieldChange[] {
  return userRecordChanges(shown, current).filter((c) => c.field !== 'updatedAt' && !except.includes(c.field));
}

function ChangeList({ changes, label }: { changes: UserFieldChange[]; label: string }) {
  if (changes.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {changes.map((c) => (
          <Typography key={c.field} component="li" variant="body2" sx={{ wordBreak: 'break-word' }}>
            {c.field}: {fieldValue(c.field, c.before)} → {fieldValue(c.field, c.after)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function FlagsTable({ shown, update, current }: { shown: UserRecord; update: UserFlagsUpdate; current: UserRecord }) {
  const fields = Object.keys(update) as (keyof UserFlagsUpdate)[];
  const word = (field: keyof UserFlagsUpdate, value: boolean | undefined) => (value ? FLAG_WORDS[field].yes : FLAG_WORDS[field].no);
  return (
    <Table size="small" aria-label="Your change and the record now" sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>You saw</TableCell>
          <TableCell>You wanted</TableCell>
          <TableCell>It is now</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {FLAG_WORDS[field].label}
            </TableCell>
            <TableCell>{word(field, shown[field])}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{word(field, update[field])}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{word(field, current[field])}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface UserConflictDialogProps {
  conflict: UserConflict | null;
  onKeepTheirs(): void;
  onApplyMine(): void;
  onDeleteAnyway(): void;
}

/**
 * A write refused because the record changed since the operator saw it: both sides, who changed it and when, and
 * the choices. A toggle: "Keep theirs" (the row shows the record now) or "Apply mine anyway" (sent again, based on
 * the record now). A delete: what changed, "Cancel" or "Delete anyway".
 */
export function UserConflictDialog({ conflict, onKeepTheirs, onApplyMine, onDeleteAnyway }: UserConflictDialogProps) {
  const id = useId();
  if (!conflict) return null;
  const { shown, theirs } = conflict;
  const label = userLabel(shown);
  const isDelete = conflict.kind === 'delete';
  const except = conflict.kind === 'flags' ? Object.keys(conflict.update) : [];
  return (
    <Dialog open onClose={onKeepTheirs} aria-labelledby={`${id}-title`} aria-describedby={`${id}-who`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{label} changed since you loaded it</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-who`}>{changedByText(theirs)}</DialogContentText>
        {conflict.kind === 'flags' ? (
          <>
            <FlagsTable shown={shown} update={conflict.update} current={theirs.current} />
            <ChangeList label="Also changed since you loaded it" changes={otherChanges(shown, theirs.current, except)} />
            <DialogContentText variant="body2" sx={{ mt: 2 }}>
              Keep theirs shows the record as it is now and saves nothing. Apply mine anyway saves your change over it.
            </DialogContentText>
          </>
        ) : (
          <>
            <ChangeList label="What changed" changes={otherChanges(shown, theirs.current, except)} />
            <DialogContentText sx={{ mt: 2 }}>
              Delete anyway deletes {label}&apos;s account and record as they are now, with their swipes, connection requests and
              connections. This cannot be undone.
            </DialogContentText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {isDelete ? (
          <>
            <Button onClick={onKeepTheirs} autoFocus>
              Cancel
            </Button>
            <Button onClick={onDeleteAnyway} variant="contained" color="error">
              Delete anyway
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onKeepTheirs} autoFocus>
              Keep theirs
            </Button>
            <Button onClick={onApplyMine} variant="contained">
              Apply mine anyway
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
