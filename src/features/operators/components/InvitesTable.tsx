// The invitations not yet used, withdrawn or expired (newest first, as the server lists them), each with Withdraw.
import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { OperatorInvite } from '../../../../contract/schemas/operators';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { formatDateTime, formatDateTimeWithZone, withTimeZone } from '../../../lib/format';

export const NO_INVITES_TEXT = 'No open invitations.';

export interface InvitesTableProps {
  invites: OperatorInvite[];
  loading: boolean;
  /** ids with a withdrawal on its way */
  busy: ReadonlySet<number>;
  onWithdraw(invite: OperatorInvite): void;
}

function Instant({ value }: { value: string }) {
  return (
    <Tooltip title={formatDateTimeWithZone(value)}>
      <span>{formatDateTime(value)}</span>
    </Tooltip>
  );
}

export function InvitesTable({ invites, loading, busy, onWithdraw }: InvitesTableProps) {
  if (loading) return <LoadingSkeleton label="Loading invitations" variant="rounded" height={96} />;
  if (invites.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {NO_INVITES_TEXT}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Open invitations">
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell>Invited by</TableCell>
            <TableCell>{withTimeZone('Invited')}</TableCell>
            <TableCell>{withTimeZone('Expires')}</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invites.map((invite) => (
            <TableRow key={invite.id} data-id={invite.id}>
              <TableCell>{invite.email}</TableCell>
              <TableCell>{invite.createdBy}</TableCell>
              <TableCell>
                <Instant value={invite.createdAt} />
              </TableCell>
              <TableCell>
                <Instant value={invite.expiresAt} />
              </TableCell>
              <TableCell align="right">
                <Button size="small" variant="outlined" color="error" disabled={busy.has(invite.id)} onClick={() => onWithdraw(invite)}>
                  Withdraw
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
