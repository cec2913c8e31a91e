import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import {
  DataGrid,
  GridActionsCellItem,
  GridRowEditStopReasons,
  GridRowModes,
  useGridApiRef,
  type GridColDef,
  type GridEventListener,
  type GridRowId,
  type GridRowModesModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/ManageHistory';
import SaveIcon from '@mui/icons-material/Save';
import CancelIcon from '@mui/icons-material/Close';
import type { NameInput, NameRecord } from '../../../../contract/schemas/names';
import { GENDERS } from '../../../../contract/nameRules';
import { VERSION_CONFLICT } from '../../../../contract/dataSafety';
import { errorDetail, errorReason } from '../../../api/errors';
import { formatDate, withTimeZone } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ColumnsAndDensityToolbar } from '../../../components/BasicGridToolbar';
import { useGridPreferences } from '../../savedViews';
import { NAMES_PAGE_SIZE } from '../namesSlice';
import { useWindowScrolledGrid } from '../hooks/useWindowScrolledGrid';
import { conflictedNames, useUpdateNameMutation } from '../namesApi';
import { EditConflictDialog } from './conflicts/EditConflictDialog';
import { useEditConflictChoice } from './conflicts/useEditConflictChoice';

/** Spec 5: an edit is saved only with all three fields filled. */
export const EDIT_REQUIRED_MESSAGE = 'All fields must be filled out';

/** Thrown from processRowUpdate: the grid then keeps the row in edit mode (see onProcessRowUpdateError). */
class RowSaveError extends Error {
  constructor(
    message: string,
    readonly validation: boolean,
  ) {
    super(message);
  }
}

/** The values an edited row would be saved with, or null when one is empty. */
export function editedNameInput(row: Pick<NameRecord, 'name' | 'gender' | 'nationality'>): NameInput | null {
  const input = { name: (row.name ?? '').trim(), gender: row.gender, nationality: (row.nationality ?? '').trim().toLowerCase() };
  return input.name && input.gender && input.nationality ? input : null;
}

export interface NamesGridProps {
  rows: NameRecord[];
  loading: boolean;
  noRowsLabel: string;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  onDeleteRequest: (row: NameRecord) => void;
  /** the row's History (who changed what, revert) */
  onHistoryRequest: (row: NameRecord) => void;
  /** When this changes (a new filter), the grid scrolls back to its first row: the old offset would land mid-list. */
  scrollResetKey?: string;
}

/** Every row is this tall at the grid's standard density, so the rows' laid-out height is known in advance. */
export const NAMES_ROW_HEIGHT = 52;

/** The grid's own factors for its densities (MUI X DataGrid: compact 0.7, comfortable 1.3 of the row height). */
const DENSITY_FACTOR = { compact: 0.7, standard: 1, comfortable: 1.3 } as const;

/** A row's laid-out height at a density the operator chose. */
export const namesRowHeight = (density: keyof typeof DENSITY_FACTOR) => Math.floor(NAMES_ROW_HEIGHT * DENSITY_FACTOR[density]);

/** The element of the grid that scrolls its rows (MUI's class name, stable across the 9.x grid). */
export const GRID_SCROLLER_SELECTOR = '.MuiDataGrid-virtualScroller';

/** The grid's column header row (the standard density's). */
const HEADER_HEIGHT = 56;
/** The grid's toolbar (Columns, Density) above the header. */
const TOOLBAR_HEIGHT = 52;
/** Room for the "no names" and loading overlays. */
const MIN_GRID_HEIGHT = 280;

/**
 * The names table. Every loaded row is passed in at once: `paginationMode="server"` stops the MIT grid
 * from slicing rows into pages (its page size may not exceed 100; the footer with the pager is hidden).
 * The list scrolls as one page: the frame around the grid is as tall as all its loaded rows, so the page's
 * scrollbar is the list's, and the grid itself, the height of the window at most, sticks below the navigation
 * while the page's scroll position drives its rows (useWindowScrolledGrid). Only the rows in view are in the
 * DOM (with `autoHeight` every loaded row was, and ticking a checkbox with 1,500 rows loaded took 2.3 s).
 * Sorting and column filters are off because the server orders and filters: sorting only the rows loaded
 * so far would mislead.
 */
export function NamesGrid({
  rows,
  loading,
  noRowsLabel,
  selection,
  onSelectionChange,
  onDeleteRequest,
  onHistoryRequest,
  scrollResetKey,
}: NamesGridProps) {
  const apiRef = useGridApiRef();
  // The operator's column choice and density, kept per operator on the server (features/savedViews).
  const gridPreferences = useGridPreferences('names');
  const frameRef = useRef<HTMLDivElement>(null);
  useWindowScrolledGrid(frameRef, GRID_SCROLLER_SELECTOR);
  const rowHeight = namesRowHeight(gridPreferences.density ?? 'standard');
  // The toolbar (columns, density) and the header above the rows; the header scales with the density as rows do.
  const above = TOOLBAR_HEIGHT + Math.floor(HEADER_HEIGHT * DENSITY_FACTOR[gridPreferences.density ?? 'standard']);
  const framed = Math.max(MIN_GRID_HEIGHT, above + rows.length * rowHeight + 2);
  useEffect(() => {
    void apiRef.current?.scroll({ top: 0 });
  }, [apiRef, scrollResetKey]);
  const [rowModesModel, setRowModesModel] = useState<GridRowModesModel>({});
  const [updateName] = useUpdateNameMutation();
  const conflictChoice = useEditConflictChoice();
  const askAboutConflict = conflictChoice.ask;
  // Rows the operator chose to edit again after a conflict: the version they now edit is the one the conflict
  // showed. The grid hands processRowUpdate the row as it was when editing began, so it is kept here.
  const rebasedRows = useRef(new Map<GridRowId, NameRecord>());

  const setMode = useCallback((id: GridRowId, mode: GridRowModesModel[GridRowId]) => {
    setRowModesModel((model) => ({ ...model, [id]: mode }));
  }, []);

  // Save and Cancel are explicit (spec 2): clicking elsewhere must neither save nor drop an edit.
  const handleRowEditStop: GridEventListener<'rowEditStop'> = (params, event) => {
    if (params.reason === GridRowEditStopReasons.rowFocusOut) event.defaultMuiPrevented = true;
  };

  /**
   * Saves with the version the row was shown with. A name changed meanwhile (409 version_conflict) is never
   * overwritten silently: the operator sees both sides and keeps theirs (the row shows it), saves theirs over it
   * (again with If-Match, of the version they saw now), or edits again (the row stays in edit mode with what they
   * typed; the lists already hold the new version, so the next save is based on it).
   */
  const save = useCallback(
    async (shown: NameRecord, version: number | undefined, input: NameInput): Promise<NameRecord> => {
      const { id } = shown;
      try {
        const saved = await updateName({ id, version, ...input }).unwrap();
        notify('Changes saved successfully!', 'success');
        return saved;
      } catch (error) {
        const detail = errorDetail(error);
        const [theirs] = conflictedNames(error);
        if (detail?.code === VERSION_CONFLICT && detail.conflict && theirs) {
          const choice = await askAboutConflict({ shownName: shown.name, mine: input, theirs, conflict: detail.conflict });
          if (choice === 'keepTheirs') return theirs;
          if (choice === 'saveMine') return save(shown, theirs.version, input);
          rebasedRows.current.set(id, theirs);
          throw new RowSaveError('Edit again', false);
        }
        notify(`Failed to save changes: ${errorReason(error)}`, 'error');
        throw new RowSaveError(errorReason(error), false);
      }
    },
    [updateName, askAboutConflict],
  );

  const processRowUpdate = useCallback(
    async (newRow: NameRecord, oldRow: NameRecord): Promise<NameRecord> => {
      const input = editedNameInput(newRow);
      if (!input) throw new RowSaveError(EDIT_REQUIRED_MESSAGE, true);
      const base = rebasedRows.current.get(oldRow.id) ?? oldRow;
      if (input.name === base.name && input.gender === base.gender && input.nationality === base.nationality) return base;
      const saved = await save(base, base.version, input);
      rebasedRows.current.delete(base.id);
      return saved;
    },
    [save],
  );

  // The grid has put the row back into edit mode; say why when the operator can fix it in place. A toast,
  // not a line above the grid: the edited row may be hundreds of rows down the page.
  const handleProcessRowUpdateError = useCallback((error: unknown) => {
    if (error instanceof RowSaveError && error.validation) notify(error.message, 'warning');
  }, []);

  const columns = useMemo<GridColDef<NameRecord>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 160, editable: true, hideable: false },
      { field: 'gender', headerName: 'Gender', type: 'singleSelect', valueOptions: [...GENDERS], width: 140, editable: true },
      { field: 'nationality', headerName: 'Nationality', flex: 1, minWidth: 150, editable: true },
      {
        field: 'created_at',
        headerName: withTimeZone('Created'),
        width: 140,
        valueFormatter: (value: string | null | undefined) => formatDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        hideable: false,
        width: 150,
        getActions: ({ id, row }) => {
          if (rowModesModel[id]?.mode === GridRowModes.Edit) {
            return [
              <GridActionsCellItem
                key="save"
                icon={<SaveIcon />}
                label="Save"
                color="primary"
                onClick={() => setMode(id, { mode: GridRowModes.View })}
              />,
              <GridActionsCellItem
                key="cancel"
                icon={<CancelIcon />}
                label="Cancel"
                // ignoreModifications: the grid shows the row as the list holds it, the edit dropped.
                onClick={() => {
                  rebasedRows.current.delete(id);
                  setMode(id, { mode: GridRowModes.View, ignoreModifications: true });
                }}
              />,
            ];
          }
          return [
            <GridActionsCellItem
              key="edit"
              icon={<EditIcon />}
              label="Edit"
              onClick={() => setMode(id, { mode: GridRowModes.Edit, fieldToFocus: 'name' })}
            />,
            <GridActionsCellItem key="history" icon={<HistoryIcon />} label="History" onClick={() => onHistoryRequest(row)} />,
            <GridActionsCellItem key="delete" icon={<DeleteIcon />} label="Delete" onClick={() => onDeleteRequest(row)} />,
          ];
        },
      },
    ],
    [rowModesModel, setMode, onDeleteRequest, onHistoryRequest],
  );

  return (
    // The frame: as tall as the header and every loaded row. The sticky box in it: the window's height below the
    // navigation at most (--names-sticky-top, measured), holding the grid, which renders the rows in its view.
    <Box ref={frameRef} data-testid="names-grid-frame" sx={{ position: 'relative', height: framed }}>
      <Box
        sx={{
          position: 'sticky',
          top: 'var(--names-sticky-top, 0px)',
          display: 'flex',
          flexDirection: 'column',
          height: `min(100%, calc(100vh - var(--names-sticky-top, 0px)))`,
          maxHeight: framed,
        }}
      >
        <EditConflictDialog {...conflictChoice.dialog} />
        <DataGrid<NameRecord>
          apiRef={apiRef}
          rows={rows}
          columns={columns}
          loading={loading}
          rowHeight={NAMES_ROW_HEIGHT}
          // Columns and density only: a quick filter of the loaded rows would pass for a search of the whole list.
          showToolbar
          slots={{ toolbar: ColumnsAndDensityToolbar }}
          {...gridPreferences}
          paginationMode="server"
          rowCount={rows.length}
          paginationModel={{ page: 0, pageSize: NAMES_PAGE_SIZE }}
          // The count and "Delete selected (n)" above the grid say what the footer would.
          hideFooter
          checkboxSelection
          disableRowSelectionOnClick
          disableRowSelectionExcludeModel
          rowSelectionModel={selection}
          onRowSelectionModelChange={onSelectionChange}
          editMode="row"
          rowModesModel={rowModesModel}
          onRowModesModelChange={setRowModesModel}
          onRowEditStop={handleRowEditStop}
          processRowUpdate={processRowUpdate}
          onProcessRowUpdateError={handleProcessRowUpdateError}
          disableColumnSorting
          disableColumnFilter
          disableColumnMenu
          localeText={{ noRowsLabel }}
          sx={{
            border: 0,
            // The page's scrollbar is the list's: the grid's own vertical one is not shown, and a wheel over the rows
            // scrolls the page (a scroller hidden on that axis passes the wheel on), which scrolls the rows.
            '& .MuiDataGrid-virtualScroller': { overflowY: 'hidden' },
            '& .MuiDataGrid-scrollbar--vertical': { display: 'none' },
          }}
        />
      </Box>
    </Box>
  );
}
