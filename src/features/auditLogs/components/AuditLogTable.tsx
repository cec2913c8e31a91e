import { useMemo } from 'react';
import { Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { AuditSource } from '../../../api/usersAuditContract';
import type { AuditRow } from '../hooks/useAuditLogList';
import { describeChange, formatTimestamp } from './auditFormat';
import { EventBadge } from './EventBadge';

/** Spec 8. */
export const NO_AUDIT_LOGS_TEXT = 'No audit logs found for the selected filters.';

const appOnly = (row: AuditRow, value: (r: Extract<AuditRow, { source: 'app' }>) => string | null) =>
  row.source === 'app' ? (value(row) ?? '—') : '';

/**
 * The loaded entries. The grid has a fixed height and virtualizes, so many Load more clicks stay smooth;
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
    const base: GridColDef<AuditRow>[] = [
      { field: 'id', headerName: 'ID', width: 90 },
      { field: 'timestamp', headerName: 'Timestamp', width: 200, valueFormatter: (v: string) => formatTimestamp(v) },
      { field: 'event', headerName: 'Event', width: 190, renderCell: ({ row }) => <EventBadge event={row.event} /> },
      { field: 'userId', headerName: 'User ID', width: 150, valueFormatter: (v: string | null) => v ?? '—' },
      {
        field: 'lastSwipeDate',
        headerName: 'Last swipe',
        width: 190,
        valueGetter: (_v, row) => appOnly(row, (r) => (r.lastSwipeDate ? formatTimestamp(r.lastSwipeDate) : null)),
      },
      {
        field: 'totalActiveTimeFormatted',
        headerName: 'Total active time',
        width: 150,
        valueGetter: (_v, row) => appOnly(row, (r) => r.totalActiveTimeFormatted),
      },
    ];
    if (source === 'app') return base;
    return [
      ...base,
      {
        field: 'actor',
        headerName: 'By (console)',
        width: 200,
        valueGetter: (_v, row) => (row.source === 'console' ? row.actor.email : ''),
      },
      {
        field: 'change',
        headerName: 'Change',
        flex: 1,
        minWidth: 260,
        renderCell: ({ row }) => {
          if (row.source !== 'console') return null;
          const target = `${row.targetType}${row.targetId ? ` ${row.targetId}` : ''}`;
          const change = describeChange(row);
          return (
            <Tooltip title={`${target}: ${change}`}>
              <Typography variant="body2" noWrap>
                <strong>{target}</strong> {change}
              </Typography>
            </Tooltip>
          );
        },
      },
    ];
  }, [source]);

  return (
    <DataGrid<AuditRow>
      rows={rows}
      columns={columns}
      getRowId={(row) => row.rowId}
      loading={loading}
      paginationMode="server"
      rowCount={rows.length}
      paginationModel={{ page: 0, pageSize: 100 }}
      hideFooter
      disableColumnSorting
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      localeText={{ noRowsLabel }}
      sx={{ border: 0 }}
    />
  );
}
