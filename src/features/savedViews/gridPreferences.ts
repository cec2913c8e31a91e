// One operator's column choice and density per page (contract/savedViews.ts), saved on the server as they change and
// applied on the next visit from any browser. The RTK Query cache entry of GET /views/preferences/:page is the one
// copy on screen (the grid and the Views menu both read it); a change lands there at once and is sent after a pause
// (SAVE_DELAY_MS), so dragging through the Columns panel's switches is one request, not one per switch. Leaving the
// page sends what is still waiting.
import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { GridDensityChoice, SavedViewPage } from '../../../contract/savedViews';
import type { GridPreferences } from '../../../contract/schemas/savedViews';
import { errorReason } from '../../api/errors';
import { notify } from '../../lib/notify';
import { savedViewsApi } from './savedViewsApi';

export const SAVE_DELAY_MS = 800;

// The api's own slice is all these read; the store's RootState holds it once the admin modules are in.
type AnyState = Parameters<ReturnType<typeof savedViewsApi.endpoints.getGridPreferences.select>>[0];
type ApiDispatch = ThunkDispatch<AnyState, unknown, UnknownAction>;
type Thunk = ThunkAction<void, RootState, unknown, UnknownAction>;
const apiParts = (dispatch: unknown, getState: () => unknown) => ({ dispatch: dispatch as ApiDispatch, state: getState() as AnyState });

const waiting = new Map<SavedViewPage, ReturnType<typeof setTimeout>>();

export const DEFAULT_PREFERENCES = (page: SavedViewPage): GridPreferences => ({ page, columns: {}, density: 'standard', updatedAt: null });

/** The grid's density, as the contract spells it (the grid's own three). */
export const densityChoice = (density: GridDensity): GridDensityChoice => density;

function send(page: SavedViewPage): Thunk {
  return (appDispatch, getState) => {
    const { dispatch, state } = apiParts(appDispatch, getState);
    waiting.delete(page);
    const current = savedViewsApi.endpoints.getGridPreferences.select(page)(state).data;
    if (!current) return;
    void dispatch(savedViewsApi.endpoints.saveGridPreferences.initiate({ page, columns: current.columns, density: current.density }))
      .unwrap()
      .catch((error: unknown) => notify(`Your column choice was not saved: ${errorReason(error)}`, 'warning'));
  };
}

/** Columns and/or density changed on `page`: shown at once, saved after a pause. */
export function gridPreferencesChanged(
  page: SavedViewPage,
  change: { columns?: GridColumnVisibilityModel; density?: GridDensityChoice },
): Thunk {
  return (appDispatch, getState) => {
    const { dispatch, state } = apiParts(appDispatch, getState);
    const loaded = savedViewsApi.endpoints.getGridPreferences.select(page)(state).data;
    const next: GridPreferences = {
      ...(loaded ?? DEFAULT_PREFERENCES(page)),
      ...(change.columns ? { columns: { ...change.columns } } : {}),
      ...(change.density ? { density: change.density } : {}),
    };
    if (loaded) dispatch(savedViewsApi.util.updateQueryData('getGridPreferences', page, () => next));
    else void dispatch(savedViewsApi.util.upsertQueryData('getGridPreferences', page, next));
    const timer = waiting.get(page);
    if (timer) clearTimeout(timer);
    waiting.set(
      page,
      setTimeout(() => appDispatch(send(page)), SAVE_DELAY_MS),
    );
  };
}

/** The page closes: what is waiting is sent now. */
export function flushGridPreferences(page: SavedViewPage): Thunk {
  return (dispatch) => {
    const timer = waiting.get(page);
    if (!timer) return;
    clearTimeout(timer);
    dispatch(send(page));
  };
}
