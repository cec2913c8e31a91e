// The console's admins: who they are, whether they may sign in, when they last did, two-factor and password, and
// the per-operator actions the stack offers.
import { useMemo } from 'react';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import LockReset from '@mui/icons-material/LockResetOutlined';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { Operator, OperatorsPage } from '../../../../contract/schemas/operators';
import { BasicGridToolbar } from '../../../components/BasicGridToolbar';
import { useNarrowWindowColumns } from '../../../components/useNarrowWindowColumns';
import { formatDate, formatDateTime, formatDateTimeWithZone, withTimeZone } from '../../../lib/format';
import { LAST_ACTIVE_ADMIN_REASON, NO_PASSWORD_YET, NO_PASSWORD_YET_HINT, operatorLabel, RESET_MFA_LABEL } from '../operatorText';
import { HiddenReason } from '../../../components/HiddenReason';

export interface OperatorsGridProps {
  rows: Operator[];
  loading: boolean;
  noRowsLabel: string;
  capabilities: OperatorsPage['capabilities'];
  /** the signed-in operator */
  ownUid: string | null;
  /** uids with an action on its way: their buttons wait */
  busy: ReadonlySet<string>;
  onResetPassword(operator: Operator): void;
  onRevoke(operator: Operator): void;
  onResetMfa(operator: Operator): void;
}

const NARROW_WINDOW_HIDDEN = ['createdAt'];
const lastReasonId = (uid: string) => `last-admin-reason-${uid}`;

/** Whether revoking `operator` would leave the console without an active admin (the server refuses it with a 409). */
export function isLastActiveAdmin(operator: Operator, rows: Operator[]): boolean {
  return operator.accountActive && rows.filter((o) => o.accountActive).length <= 1;
}

export function OperatorsGrid({
  rows,
  loading,
  noRowsLabel,
  capabilities,
  ownUid,
  busy,
  onResetPassword,
  onRevoke,
  onResetMfa,
}: OperatorsGridProps) {
  const columns = useMemo<GridColDef<Operator>[]>(() => {
    const list: GridColDef<Operator>[] = [
      {
        field: 'displayName',
        headerName: 'Operator',
        flex: 1,
        minWidth: 200,
        valueGetter: (_value, row) => `${row.displayName ?? ''} ${row.email ?? ''} ${row.uid}`,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.displayName || row.email || row.uid}
              {row.uid === ownUid ? (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  (you)
                </Typography>
              ) : null}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.email ?? row.uid}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'accountActive',
        headerName: 'Status',
        width: 116,
        renderCell: ({ row }) =>
          row.accountActive ? <Chip size="small" color="success" label="Active" /> : <Chip size="small" label="Deactivated" />,
      },
      {
        field: 'lastSignInAt',
        headerName: withTimeZone('Last sign-in'),
        width: 176,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
        renderCell: ({ row, formattedValue }) =>
          row.lastSignInAt ? (
            <Tooltip title={formatDateTimeWithZone(row.lastSignInAt)}>
              <span>{formattedValue as string}</span>
            </Tooltip>
          ) : (
            <Typography variant="body2" color="text.secondary" component="span">
              Never
            </Typography>
          ),
      },
      {
        field: 'mfaEnabled',
        headerName: 'Two-factor',
        width: 104,
        // Another operator's two-factor can be reset here (their own is in the account menu): an icon beside the state
        // it changes, as the Actions column is full at 1280 px.
        renderCell: ({ row }) =>
          row.mfaEnabled ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
              <Chip size="small" color="success" variant="outlined" label="On" />
              {capabilities.resetMfa && row.uid !== ownUid && (
                <Tooltip title={RESET_MFA_LABEL}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${RESET_MFA_LABEL} of ${operatorLabel(row)}`}
                      disabled={busy.has(row.uid)}
                      onClick={() => onResetMfa(row)}
                    >
                      <LockReset fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          ) : (
            <Chip size="small" variant="outlined" label="Off" />
          ),
      },
      {
        field: 'hasPassword',
        headerName: 'Password',
        width: 170,
        renderCell: ({ row }) =>
          row.hasPassword ? (
            'Set'
          ) : (
            <Tooltip title={NO_PASSWORD_YET_HINT}>
              <Typography variant="body2" color="warning.main" component="span">
                {NO_PASSWORD_YET}
              </Typography>
            </Tooltip>
          ),
      },
      {
        field: 'createdAt',
        headerName: withTimeZone('Created'),
        width: 120,
        valueFormatter: (value: string | null) => formatDate(value),
      },
    ];
    if (capabilities.resetPassword || capabilities.grant) {
      list.push({
        field: 'actions',
        headerName: 'Actions',
        width: 290,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => {
          const pending = busy.has(row.uid);
          const last = isLastActiveAdmin(row, rows);
          return (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%' }}>
              {capabilities.resetPassword && (
                <Button size="small" variant="outlined" color="inherit" disabled={pending} onClick={() => onResetPassword(row)}>
                  Reset password
                </Button>
              )}
              {capabilities.grant && (
                <Tooltip title={last ? LAST_ACTIVE_ADMIN_REASON : ''}>
                  <span>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      disabled={pending || last}
                      onClick={() => onRevoke(row)}
                      aria-describedby={last ? lastReasonId(row.uid) : undefined}
                    >
                      Revoke admin
                    </Button>
                  </span>
                </Tooltip>
              )}
              {last && capabilities.grant ? <HiddenReason id={lastReasonId(row.uid)}>{LAST_ACTIVE_ADMIN_REASON}</HiddenReason> : null}
            </Stack>
          );
        },
      });
    }
    return list;
  }, [capabilities, busy, rows, ownUid, onResetPassword, onRevoke, onResetMfa]);
  const columnVisibility = useNarrowWindowColumns(NARROW_WINDOW_HIDDEN);

  return (
    <DataGrid<Operator>
      rows={rows}
      columns={columns}
      getRowId={(row) => row.uid}
      loading={loading}
      showToolbar
      slots={{ toolbar: BasicGridToolbar }}
      {...columnVisibility}
      hideFooter
      disableColumnMenu
      disableRowSelectionOnClick
      rowHeight={56}
      localeText={{ noRowsLabel }}
      sx={{ border: 0 }}
    />
  );
}
