import { useMemo } from 'react';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { BasicGridToolbar } from '../../../components/BasicGridToolbar';
import { useGridPreferences } from '../../savedViews';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { UserRecord } from '../../../../contract/schemas/usersAudit';
import { USER_SORT_FIELDS } from '../../../../contract/usersAudit';
import { useAppSelector } from '../../../app/hooks';
import { selectSessionUser } from '../../session';
import type { UserSort } from '../usersSlice';
import { SwipeTotalCell } from './SwipeTotalCell';
import { formatDate, formatDateTimeWithZone, withTimeZone } from '../../../lib/format';
import { HiddenReason } from '../../../components/HiddenReason';

export interface UserRowActions {
  onTogglePremium(user: UserRecord): void;
  onToggleActive(user: UserRecord): void;
  onDelete(user: UserRecord): void;
  onDetails(user: UserRecord): void;
  /** uids with a change on its way: their buttons wait */
  busy: ReadonlySet<string>;
}

export interface UsersGridProps extends UserRowActions {
  rows: UserRecord[];
  loading: boolean;
  noRowsLabel: string;
  sort: UserSort;
  onSortChange(sort: UserSort): void;
}

const SORTABLE = new Set<string>(USER_SORT_FIELDS);
const NARROW_WINDOW_HIDDEN = ['uid', 'connectedUserId', 'lastActiveDate'];

/** The day only: the time is in the detail drawer, and the grid must fit a laptop screen with its actions. */
/** `width` fits the header with its time zone and the sort arrow ("Created (UTC) ↓"), not only the date. */
function dateColumn(field: keyof UserRecord, headerName: string, width: number): GridColDef<UserRecord> {
  return {
    field,
    headerName: withTimeZone(headerName),
    width,
    sortable: SORTABLE.has(field),
    valueFormatter: (value: string | null) => formatDate(value),
    renderCell: ({ row, formattedValue }) => (
      <Tooltip title={formatDateTimeWithZone(row[field] as string | null)}>
        <span>{formattedValue as string}</span>
      </Tooltip>
    ),
  };
}

/**
 * The users table. It is given exactly the rows to show (one page, or everything for Show All) and never
 * pages or sorts by itself: the server does both. A page of up to 100 rows grows with the page (GrowingGridBox);
 * 250 a page and Show All keep to the window's height so the grid virtualizes its rows (only those on screen
 * are in the DOM, which keeps Show All of 10,000+ users responsive and limits the swipe-total requests to the
 * rows on screen).
 */
export const OWN_ACCOUNT_REASON = 'This is your own account: you cannot deactivate or delete it here.';
const ownReasonId = (uid: string) => `own-account-reason-${uid}`;

/** The fields the backend adapter dropped from this row because their values had the wrong type. */
const malformedOf = (row: UserRecord): string[] | undefined => (row as { malformedFields?: string[] }).malformedFields;

export function UsersGrid({ rows, loading, noRowsLabel, sort, onSortChange, ...actions }: UsersGridProps) {
  const { onTogglePremium, onToggleActive, onDelete, onDetails, busy } = actions;
  // The server refuses to deactivate or delete the operator's own account; the buttons say so up front.
  const ownUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const columns = useMemo<GridColDef<UserRecord>[]>(
    () => [
      {
        field: 'displayName',
        headerName: 'User',
        flex: 1,
        minWidth: 190,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.displayName || row.username || '—'}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.email ?? row.uid}
            </Typography>
            {malformedOf(row) ? (
              <Typography variant="caption" color="warning.main" noWrap component="div" role="note">
                Malformed data from the server: {malformedOf(row)!.join(', ')}
              </Typography>
            ) : null}
          </Box>
        ),
      },
      { field: 'uid', headerName: 'UID', width: 100, sortable: false },
      {
        field: 'isPremium',
        headerName: 'Plan',
        // Room for the whole "Premium" chip plus the cell's padding: at 86 px it read "Premi…".
        width: 108,
        minWidth: 108,
        sortable: false,
        renderCell: ({ row }) =>
          row.isPremium ? <Chip size="small" color="warning" label="Premium" /> : <Chip size="small" variant="outlined" label="Free" />,
      },
      {
        field: 'accountActive',
        headerName: 'Status',
        width: 88,
        sortable: false,
        renderCell: ({ row }) =>
          row.accountActive ? <Chip size="small" color="success" label="Active" /> : <Chip size="small" color="default" label="Inactive" />,
      },
      {
        field: 'connectedUserId',
        headerName: 'Connected',
        width: 90,
        sortable: false,
        valueFormatter: (v: string | null) => (v ? 'Yes' : 'No'),
      },
      {
        field: 'swipes',
        headerName: 'Swipes',
        width: 76,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <SwipeTotalCell uid={row.uid} />,
      },
      dateColumn('createdAt', 'Created', 152),
      dateColumn('lastActiveDate', 'Last active', 172),
      {
        field: 'actions',
        headerName: 'Actions',
        width: 300,
        sortable: false,
        renderCell: ({ row }) => {
          const pending = busy.has(row.uid);
          const own = row.uid === ownUid;
          return (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%' }}>
              <Button
                size="small"
                variant="outlined"
                color={row.isPremium ? 'inherit' : 'warning'}
                disabled={pending}
                onClick={() => onTogglePremium(row)}
                sx={{ minWidth: 124, whiteSpace: 'nowrap' }}
              >
                {row.isPremium ? 'Remove Premium' : 'Grant Premium'}
              </Button>
              <Tooltip title={own && row.accountActive ? OWN_ACCOUNT_REASON : ''}>
                <span>
                  <Button
                    size="small"
                    variant="outlined"
                    color={row.accountActive ? 'inherit' : 'success'}
                    disabled={pending || (own && row.accountActive)}
                    onClick={() => onToggleActive(row)}
                    sx={{ minWidth: 92 }}
                    aria-describedby={own ? ownReasonId(row.uid) : undefined}
                  >
                    {row.accountActive ? 'Deactivate' : 'Activate'}
                  </Button>
                </span>
              </Tooltip>
              <Tooltip title="Details">
                <IconButton size="small" aria-label="Details" onClick={() => onDetails(row)}>
                  <InfoIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={own ? OWN_ACCOUNT_REASON : 'Delete user'}>
                <span>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label="Delete"
                    disabled={pending || own}
                    onClick={() => onDelete(row)}
                    aria-describedby={own ? ownReasonId(row.uid) : undefined}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {own ? <HiddenReason id={ownReasonId(row.uid)}>{OWN_ACCOUNT_REASON}</HiddenReason> : null}
            </Stack>
          );
        },
      },
    ],
    [onTogglePremium, onToggleActive, onDelete, onDetails, busy, ownUid],
  );

  const sortModel = useMemo<GridSortModel>(() => [{ field: sort.field, sort: sort.direction }], [sort]);
  // What the detail drawer shows anyway, so the actions fit beside the rest at 1024 px.
  // The operator's column choice and density, kept per operator on the server (features/savedViews).
  const gridPreferences = useGridPreferences('users', NARROW_WINDOW_HIDDEN);

  return (
    <DataGrid<UserRecord>
      rows={rows}
      columns={columns}
      getRowId={(row) => row.uid}
      loading={loading}
      // The usual grid toolbar: columns, density, a quick filter over the loaded rows.
      showToolbar
      slots={{ toolbar: BasicGridToolbar }}
      {...gridPreferences}
      // The server pages and sorts: the grid shows what it is given, and the pager below the grid is ours
      // (the MIT grid refuses pages over 100, and Show All needs no pager at all).
      paginationMode="server"
      rowCount={rows.length}
      paginationModel={{ page: 0, pageSize: 100 }}
      hideFooter
      sortingMode="server"
      sortingOrder={['desc', 'asc']}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first?.sort && SORTABLE.has(first.field)) onSortChange({ field: first.field as UserSort['field'], direction: first.sort });
      }}
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      rowHeight={56}
      localeText={{ noRowsLabel }}
      sx={{ border: 0 }}
    />
  );
}
