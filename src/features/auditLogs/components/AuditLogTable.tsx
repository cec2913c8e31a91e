import { useMemo } from 'react';
import { Box, Tooltip, Typography } from '@mui/material';
import { BasicGridToolbar } from '../../../components/BasicGridToolbar';
import { useGridPreferences } from '../../savedViews';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { AuditSource } from '../../../../contract/usersAudit';
import type { AuditRow } from '../hooks/useAuditLogList';
import { formatDateTime, withTimeZone } from '../../../lib/format';
import { UserRef } from '../../analytics';
import { describeChange } from './auditFormat';
import { EventBadge } from './EventBadge';

/** Spec 8. */
export const NO_AUDIT_LOGS_TEXT = 'No audit logs found for the selected filters.';

const NARROW_WINDOW_HIDDEN = ['id', 'lastSwipeDate', 'totalActiveTimeFormatted'];

const appOnly = (row: AuditRow, value: (r: Extract<AuditRow, { source: 'app' }>) => string | null) =>
  row.source === 'app' ? (value(row) ?? '—') : '';

/**
 * The loaded entries. The first page grows with the page; after Load more the grid keeps to the window's
 * height and virtualizes (GrowingGridBox), so many Load more clicks stay smooth;
 * it neither pages nor sorts (the trail is newest first, read on with the cursor).
 */
export function AuditLogTable({
  rows,
  loading,
  source,
  noRowsLabel,
}: {
  rows: AuditRow[];
  loading: boolean;
  source: AuditSource;
  noRowsLabel: string;
}) {
  const columns = useMemo<GridColDef<AuditRow>[]>(() => {
    const common: GridColDef<AuditRow>[] = [
      { field: 'id', headerName: 'ID', width: 70 },
      { field: 'timestamp', headerName: withTimeZone('Timestamp'), width: 178, valueFormatter: (v: string) => formatDateTime(v) },
      // Room for the longest badge the spec names, SUBSCRIPTION_START.
      { field: 'event', headerName: 'Event', width: 200, renderCell: ({ row }) => <EventBadge event={row.event} /> },
      {
        field: 'userId',
        headerName: 'User',
        width: 240,
        // The id stays the value (quick filter, copy); the cell adds the name and links to the user's analytics.
        valueFormatter: (v: string | null) => v ?? '—',
        renderCell: ({ value, formattedValue }) => (value ? <UserRef uid={value as string} /> : formattedValue),
      },
    ];
    const app: GridColDef<AuditRow>[] = [
      {
        field: 'lastSwipeDate',
        headerName: withTimeZone('Last swipe'),
        width: 178,
        valueGetter: (_v, row) => appOnly(row, (r) => (r.lastSwipeDate ? formatDateTime(r.lastSwipeDate) : null)),
      },
      {
        field: 'totalActiveTimeFormatted',
        headerName: 'Active time',
        width: 112,
        valueGetter: (_v, row) => appOnly(row, (r) => r.totalActiveTimeFormatted),
      },
    ];
    // Who did what to which record: the actor above, the change below, in one column so the trail of
    // both sources fits a laptop screen.
    const consoleAction: GridColDef<AuditRow> = {
      field: 'consoleAction',
      headerName: 'Console action',
      flex: 1,
      minWidth: 280,
      sortable: false,
      valueGetter: (_v, row) =>
        row.source === 'console' ? `${row.actor.email} ${row.targetType} ${row.targetId ?? ''} ${describeChange(row)}` : '',
      renderCell: ({ row }) => {
        if (row.source !== 'console') return null;
        const target = `${row.targetType}${row.targetId ? ` ${row.targetId}` : ''}`;
        const change = describeChange(row);
        return (
          <Tooltip title={`${row.actor.email} · ${target}: ${change}`}>
            <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 0.5 }}>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                by {row.actor.email}
              </Typography>
              <Typography variant="body2" noWrap>
                <strong>{target}</strong> {change}
              </Typography>
            </Box>
          </Tooltip>
        );
      },
    };
    if (source === 'app') return [...common, ...app];
    if (source === 'console') return [...common, consoleAction];
    return [...common, ...app, consoleAction];
  }, [source]);

  // Who, when and what stay at 1024 px; the app event's figures come back with the Columns button.
  // The operator's column choice and density, kept per operator on the server (features/savedViews).
  const gridPreferences = useGridPreferences('auditLogs', NARROW_WINDOW_HIDDEN);

  return (
    <DataGrid<AuditRow>
      rows={rows}
      columns={columns}
      getRowId={(row) => row.rowId}
      loading={loading}
      // The usual grid toolbar: columns, density, a quick filter over the loaded rows.
      showToolbar
      slots={{ toolbar: BasicGridToolbar }}
      {...gridPreferences}
      paginationMode="server"
      rowCount={rows.length}
      paginationModel={{ page: 0, pageSize: 100 }}
      hideFooter
      disableColumnSorting
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      rowHeight={56}
      localeText={{ noRowsLabel }}
      sx={{ border: 0 }}
    />
  );
}
