import { useMemo } from 'react';
import HistoryIcon from '@mui/icons-material/ManageHistory';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import LayersIcon from '@mui/icons-material/Layers';
import type { TrashedName } from '../../../../../contract/schemas/dataSafety';
import { GrowingGridBox } from '../../../../components/GrowingGridBox';
import { formatCount, formatDate, formatDateTime, withTimeZone } from '../../../../lib/format';
import { TRASH_PAGE_SIZE } from '../../namesSlice';
import { isGroupDeletion } from './trashText';

export interface TrashRowActions {
  onRestore: (row: TrashedName) => void;
  /** the name's History: who changed and deleted it; reverting the deletion restores it */
  onHistory: (row: TrashedName) => void;
  onPurge: (row: TrashedName) => void;
  onShowDeletion: (row: TrashedName) => void;
  /** a restore or purge is on its way: the row buttons wait */
  busy: boolean;
}

export interface TrashGridProps extends TrashRowActions {
  rows: readonly TrashedName[];
  total: number;
  /** from 0 */
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
}

const countColumn = (field: 'swipes' | 'matches', headerName: string): GridColDef<TrashedName> => ({
  field,
  headerName,
  type: 'number',
  width: field === 'swipes' ? 75 : 85,
  valueFormatter: (value: number) => formatCount(value),
});

/**
 * One page of the trash, paged by the server (paginationMode="server": the grid shows what it is given and asks
 * for other pages through onPageChange). Newest deletion first, as the server orders it; sorting and filtering
 * only the page on screen would mislead, so they are off.
 */
export function TrashGrid({ rows, total, page, onPageChange, loading, selection, onSelectionChange, ...actions }: TrashGridProps) {
  const { onRestore, onPurge, onShowDeletion, onHistory, busy } = actions;
  const columns = useMemo<GridColDef<TrashedName>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 110 },
      { field: 'gender', headerName: 'Gender', width: 80 },
      { field: 'nationality', headerName: 'Nationality', width: 110 },
      {
        field: 'deletedBy',
        headerName: 'Deleted by',
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, row) => row.deletedBy.email,
        // A long address is cut with an ellipsis: the whole of it on hover.
        renderCell: ({ value }) => <span title={value as string}>{value as string}</span>,
      },
      {
        field: 'deletedAt',
        headerName: withTimeZone('Deleted'),
        width: 168,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      countColumn('swipes', 'Swipes'),
      countColumn('matches', 'Matches'),
      {
        field: 'purgeAt',
        headerName: withTimeZone('Kept until'),
        description: 'After this day the name and its swipes are deleted forever.',
        width: 140,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 164,
        // Left-aligned, so the first three stay in one place whether or not a row has a fourth action.
        align: 'left',
        headerAlign: 'left',
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="restore"
            icon={<RestoreIcon />}
            label="Restore"
            color="primary"
            disabled={busy}
            onClick={() => onRestore(row)}
          />,
          <GridActionsCellItem
            key="purge"
            // The icon in the error colour (the item takes primary or none): the one action here that cannot be undone.
            icon={<DeleteForeverIcon color={busy ? 'disabled' : 'error'} />}
            label="Delete forever"
            disabled={busy}
            onClick={() => onPurge(row)}
          />,
          <GridActionsCellItem key="history" icon={<HistoryIcon />} label="History" onClick={() => onHistory(row)} />,
          ...(isGroupDeletion(row)
            ? [
                <GridActionsCellItem
                  key="deletion"
                  icon={<LayersIcon />}
                  label="Show all names of this deletion"
                  onClick={() => onShowDeletion(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [busy, onRestore, onPurge, onShowDeletion, onHistory],
  );

  return (
    <GrowingGridBox rowCount={rows.length}>
      <DataGrid<TrashedName>
        rows={rows}
        columns={columns}
        loading={loading}
        paginationMode="server"
        rowCount={total}
        paginationModel={{ page, pageSize: TRASH_PAGE_SIZE }}
        pageSizeOptions={[TRASH_PAGE_SIZE]}
        onPaginationModelChange={(model) => onPageChange(model.page)}
        checkboxSelection
        disableRowSelectionOnClick
        disableRowSelectionExcludeModel
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
        disableColumnSorting
        disableColumnFilter
        disableColumnMenu
        sx={{ border: 0 }}
      />
    </GrowingGridBox>
  );
}
