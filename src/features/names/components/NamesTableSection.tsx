import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import type { NameRecord, NameSearchSummary } from '../../../../contract/schemas/names';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PagedListFooter } from '../../../components/PagedListFooter';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { jobCancelRequested, jobCountText, JobStatus, selectLatestJobOfKind } from '../../jobs';
import { jobFilterOf } from '../namesApi';
import { FilterJobDialog, type FilterJobAction } from '../filterJob/FilterJobDialog';
import { SelectAllMatchingBar } from '../filterJob/SelectAllMatchingBar';
import { RecordHistoryDrawer, type HistoryDrawerTarget } from '../../history';
import { DEFAULT_NAMES_FILTERS, sameFilters, selectNamesFilters } from '../namesSlice';
import { useNamesList } from '../hooks/useNamesList';
import { useNearScrollEnd } from '../hooks/useNearScrollEnd';
import { useGridPreferences } from '../../savedViews';
import { GRID_SCROLLER_SELECTOR, NamesGrid, namesRowHeight } from './NamesGrid';
import { DeleteNameDialog } from './delete/DeleteNameDialog';
import { DeleteSelectedDialog } from './delete/DeleteSelectedDialog';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * "Showing 50 of 20,000 names": what is loaded, and how many match the filters when the backend says
 * (an estimate reads "of about"). Without a total, only what is loaded.
 */
export function namesCountText(loaded: number, total?: number, totalIsEstimate = false): string {
  if (total === undefined) return `Showing ${formatCount(loaded)} ${loaded === 1 ? 'name' : 'names'}`;
  // A total below what is on screen is stale (rows added since it was counted): never show "60 of 55".
  const shown = totalIsEstimate ? total : Math.max(total, loaded);
  return `Showing ${formatCount(loaded)} of ${totalIsEstimate ? 'about ' : ''}${formatCount(shown)} ${shown === 1 ? 'name' : 'names'}`;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The count line of a search: how many of the matches are loaded, and how many are close spellings rather than
 * names starting with or containing the text. Without `summary` the backend did not say it searched (an API that
 * does not know q answers the whole list): the line says so rather than calling those names matches.
 */
export function namesSearchCountText(q: string, loaded: number, total: number | undefined, summary: NameSearchSummary | undefined): string {
  const quoted = `“${q}”`;
  if (summary === undefined) return `${namesCountText(loaded, total)}: the names API did not say it applied the search ${quoted}`;
  const all = Math.max(total ?? 0, loaded);
  if (all === 0) return `No names match ${quoted}`;
  // Counted up to a bound (contract/nameSearch.ts: NAME_SEARCH_COUNT_LIMIT): there are more than were counted.
  if (summary.exact === false)
    return `Showing ${formatCount(loaded)} of more than ${formatCount(Math.max(all - 1, loaded))} names matching ${quoted}`;
  const close = summary.closeMatches;
  const matching = all - close;
  if (close === 0) return `Showing ${formatCount(loaded)} of ${plural(all, 'name', 'names')} matching ${quoted}`;
  if (matching === 0)
    return `No name starts with or contains ${quoted}: showing ${formatCount(loaded)} of ${plural(close, 'close spelling', 'close spellings')}`;
  return `Showing ${formatCount(loaded)} of ${plural(all, 'name', 'names')} for ${quoted}: ${formatCount(matching)} matching, ${plural(close, 'close spelling', 'close spellings')}`;
}

/** The list: count and bulk action, the grid, infinite scroll with its status line, and the delete dialogs. */
export function NamesTableSection({ enabled }: { enabled: boolean }) {
  const list = useNamesList(enabled);
  const filters = useAppSelector(selectNamesFilters);
  const filtersKey = `${filters.letter}|${filters.gender}|${filters.nationality}|${filters.search}`;
  const { rows } = list;
  const contentRef = useRef<HTMLDivElement>(null);
  // Rows have one fixed height, so the grid has laid out the loaded rows once its scrollable content is
  // at least that tall; before, a check would measure the previous, shorter content.
  const rowCount = useRef(0);
  rowCount.current = rows.length;
  // At the density the operator chose for the grid (compact rows are shorter).
  const rowHeight = useRef(0);
  rowHeight.current = namesRowHeight(useGridPreferences('names').density);
  const isSettled = useCallback((scroller: Element) => scroller.scrollHeight >= rowCount.current * rowHeight.current, []);
  const findScroller = useCallback((content: HTMLElement) => content.querySelector(GRID_SCROLLER_SELECTOR), []);
  useNearScrollEnd(list.requestMore, { contentRef, findScroller, isSettled, recheckKey: list.canLoadMore });

  // Selection is screen state, not app state: it only ever refers to rows on screen. The grid drops ids
  // that leave the rows (new filter, deletes); counting against `rows` covers the moment in between.
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const selectedRows = useMemo(() => rows.filter((r) => selection.ids.has(r.id)), [rows, selection]);

  // Each dialog keeps what it asks about apart from its `open` flag, so the text does not change while the
  // dialog fades out, and the bulk delete sends exactly the rows the operator confirmed.
  const [rowToDelete, setRowToDelete] = useState<NameRecord | null>(null);
  const [rowDialogOpen, setRowDialogOpen] = useState(false);
  const [bulkRows, setBulkRows] = useState<NameRecord[]>([]);
  const [bulkDialogOpen, setBulkDialogOpen] = useState(false);

  const requestDelete = useCallback((row: NameRecord) => {
    setRowToDelete(row);
    setRowDialogOpen(true);
  }, []);

  const [historyOf, setHistoryOf] = useState<HistoryDrawerTarget | null>(null);
  const showHistory = useCallback((row: NameRecord) => setHistoryOf({ type: 'name', id: String(row.id), label: row.name }), []);

  function openBulkDelete() {
    if (selectedRows.length === 0) {
      notify('Please select at least one name to delete.', 'warning');
      return;
    }
    setBulkRows(selectedRows);
    setBulkDialogOpen(true);
  }

  // "Select all n names matching this filter": offered once every loaded row is selected and the backend counted
  // the matches exactly; it lasts until the filter or the selection changes.
  const dispatch = useAppDispatch();
  const [allMatching, setAllMatching] = useState(false);
  const [jobAction, setJobAction] = useState<FilterJobAction>('delete');
  const [jobDialogOpen, setJobDialogOpen] = useState(false);
  const everyLoadedSelected = rows.length > 0 && selectedRows.length === rows.length;
  const exactTotal = list.total !== undefined && !list.totalIsEstimate ? list.total : undefined;
  const offerAllMatching = everyLoadedSelected && exactTotal !== undefined && exactTotal > 0;
  useEffect(() => {
    if (!everyLoadedSelected) setAllMatching(false);
  }, [everyLoadedSelected]);
  useEffect(() => setAllMatching(false), [filtersKey]);
  const namesJob = useAppSelector((state) => selectLatestJobOfKind(state, 'namesFilter'));
  const jobRunning = namesJob?.state === 'running';
  const openJob = (action: FilterJobAction) => {
    setJobAction(action);
    setJobDialogOpen(true);
  };

  const n = allMatching && exactTotal !== undefined ? exactTotal : selectedRows.length;
  const showFirstPageError = list.isError && rows.length === 0;

  return (
    <Paper component="section" aria-labelledby="names-list-heading" sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="names-list-heading" variant="h6" component="h2">
            Names
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="names-count">
            {list.isLoadingFirstPage
              ? 'Loading names…'
              : filters.search !== '' && !showFirstPageError
                ? namesSearchCountText(filters.search, rows.length, list.total, list.search)
                : namesCountText(rows.length, list.total, list.totalIsEstimate)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          onClick={allMatching ? () => openJob('delete') : openBulkDelete}
          disabled={allMatching && jobRunning}
        >
          Delete selected ({n})
        </Button>
      </Stack>

      {namesJob && (
        <Box sx={{ mb: 1.5 }}>
          <JobStatus
            job={namesJob}
            data-testid="names-job"
            progressText={`${namesJob.label}: ${jobCountText(namesJob, 'names')} done…`}
            progressLabel="Names job progress"
            cancellingText="Cancelling: the batch under way finishes first…"
            onCancel={() => dispatch(jobCancelRequested({ id: namesJob.id }))}
            failedTitle="The names job stopped"
          />
        </Box>
      )}
      {offerAllMatching && (
        <SelectAllMatchingBar
          loaded={rows.length}
          total={exactTotal}
          allMatching={allMatching}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={() => setSelection(EMPTY_SELECTION)}
          onDelete={() => openJob('delete')}
          onEdit={() => openJob('edit')}
        />
      )}

      <Box ref={contentRef}>
        <NamesGrid
          rows={rows}
          loading={list.isLoadingFirstPage}
          noRowsLabel={
            showFirstPageError
              ? 'The names could not be loaded.'
              : filters.search !== ''
                ? `No names match “${filters.search}”${sameFilters({ ...filters, search: '' }, DEFAULT_NAMES_FILTERS) ? '' : ' with these filters'}.`
                : 'No names match these filters.'
          }
          selection={selection}
          onSelectionChange={setSelection}
          onDeleteRequest={requestDelete}
          onHistoryRequest={showHistory}
          scrollResetKey={filtersKey}
        />
      </Box>

      <PagedListFooter
        error={list.isError ? 'Failed to load names. Please check your connection and try again.' : null}
        onRetry={list.retry}
        loadingMore={list.isFetchingNextPage}
        loadingText="Loading more names…"
        hasMore={list.hasNextPage}
        hasRows={rows.length > 0}
        endText="End of the list."
      />

      <FilterJobDialog
        action={jobAction}
        open={jobDialogOpen}
        count={exactTotal ?? 0}
        filter={jobFilterOf(filters)}
        onClose={() => setJobDialogOpen(false)}
        onStarted={() => setSelection(EMPTY_SELECTION)}
      />
      <RecordHistoryDrawer target={historyOf} onClose={() => setHistoryOf(null)} />
      <DeleteNameDialog row={rowToDelete} open={rowDialogOpen} onClose={() => setRowDialogOpen(false)} />
      <DeleteSelectedDialog
        rows={bulkRows}
        open={bulkDialogOpen}
        onClose={() => setBulkDialogOpen(false)}
        onDeleted={() => setSelection(EMPTY_SELECTION)}
      />
    </Paper>
  );
}
