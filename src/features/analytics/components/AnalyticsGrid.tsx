import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';

export interface AnalyticsGridProps<Row extends GridValidRowModel> {
  rows: readonly Row[];
  columns: GridColDef<Row>[];
  getRowId: (row: Row) => string | number;
  loading: boolean;
  noRowsLabel: string;
  ariaLabel: string;
  /** px, for cells of two lines (the compact density's rows hold one) */
  rowHeight?: number;
}

/**
 * A read-only analytics table. The rows are one bounded answer (at most the endpoint's limit), so the grid
 * sorts them in place and shows them all: `pageSize: -1` is the MIT grid's "All" (its page size may not
 * exceed 100), and autoHeight lets the page scroll instead of a box inside it.
 */
export function AnalyticsGrid<Row extends GridValidRowModel>({
  rows,
  columns,
  getRowId,
  loading,
  noRowsLabel,
  ariaLabel,
  rowHeight,
}: AnalyticsGridProps<Row>) {
  return (
    <DataGrid
      aria-label={ariaLabel}
      rows={rows}
      columns={columns}
      getRowId={getRowId}
      loading={loading}
      autoHeight
      density="compact"
      // getRowHeight, not rowHeight: the compact density would scale the latter down to 70 %.
      getRowHeight={rowHeight ? () => rowHeight : undefined}
      disableRowSelectionOnClick
      disableColumnMenu
      hideFooter
      initialState={{ pagination: { paginationModel: { page: 0, pageSize: -1 } } }}
      localeText={{ noRowsLabel }}
      sx={{ border: 0, '& .MuiDataGrid-cell': { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
