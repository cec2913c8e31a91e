// Per-user total swipes for the rows on screen. Spec 9: fetched in batches of 10. The grid reports which
// rows are rendered (visibleUsersChanged); the saga fetches totals only for those, ten at a time.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec 9: swipe counts are fetched in batches of 10. */
export const SWIPE_TOTALS_BATCH_SIZE = 10;

export type SwipeTotal = { status: 'loading' } | { status: 'done'; total: number } | { status: 'error'; reason: string };

export interface SwipeTotalsState {
  byUid: Record<string, SwipeTotal>;
  /** uids of the rows the grid renders now, in row order */
  visible: string[];
}

export const initialSwipeTotalsState: SwipeTotalsState = { byUid: {}, visible: [] };

/** The next batch to fetch: visible rows without a total (nor a request under way), in row order. */
export function nextSwipeBatch(state: SwipeTotalsState, size = SWIPE_TOTALS_BATCH_SIZE): string[] {
  const batch: string[] = [];
  for (const uid of state.visible) {
    if (state.byUid[uid]) continue;
    batch.push(uid);
    if (batch.length === size) break;
  }
  return batch;
}

const swipeTotalsSlice = createSlice({
  name: 'userSwipeTotals',
  initialState: initialSwipeTotalsState,
  reducers: {
    visibleUsersChanged(state, action: PayloadAction<string[]>) {
      state.visible = [...new Set(action.payload)];
    },
    swipeTotalsRequested(state, action: PayloadAction<string[]>) {
      for (const uid of action.payload) state.byUid[uid] = { status: 'loading' };
    },
    swipeTotalReceived(state, action: PayloadAction<{ uid: string; total: number }>) {
      state.byUid[action.payload.uid] = { status: 'done', total: action.payload.total };
    },
    swipeTotalFailed(state, action: PayloadAction<{ uid: string; reason: string }>) {
      state.byUid[action.payload.uid] = { status: 'error', reason: action.payload.reason };
    },
    /** The page opened again: totals move as users swipe, so they are fetched afresh. */
    swipeTotalsReset(state) {
      state.byUid = {};
      state.visible = [];
    },
  },
});

export const { visibleUsersChanged, swipeTotalsRequested, swipeTotalReceived, swipeTotalFailed, swipeTotalsReset } =
  swipeTotalsSlice.actions;
export const swipeTotalsReducer = swipeTotalsSlice.reducer;

interface WithSwipeTotals {
  userSwipeTotals: SwipeTotalsState;
}
export const selectSwipeTotals = (state: WithSwipeTotals) => state.userSwipeTotals;
export const selectSwipeTotal = (state: WithSwipeTotals, uid: string): SwipeTotal | undefined => state.userSwipeTotals.byUid[uid];
