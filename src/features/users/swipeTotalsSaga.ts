// Fetches the swipe totals of the rows on screen, a batch of ten at a time (spec 9): the ten requests of a
// batch run together, the next batch starts when they have all answered, and each batch is picked afresh
// from what is visible then, so rows scrolled past while a batch ran are never fetched.
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, race, select, take } from 'redux-saga/effects';
import { errorReason } from '../../api/errors';
import { requestThroughApi } from '../../api/requestThroughApi';
import { usersApi } from './usersApi';
import {
  nextSwipeBatch,
  SWIPE_TOTALS_BATCH_SIZE,
  selectSwipeTotals,
  swipeTotalFailed,
  swipeTotalReceived,
  swipeTotalsRequested,
  visibleUsersChanged,
  type SwipeTotalsState,
} from './swipeTotalsSlice';

export interface SwipeTotalsDeps {
  fetchTotal(uid: string): Promise<number> | SagaIterator<number>;
  /** quiet time after the visible rows change before fetching: a fast scroll passes rows without loading them */
  settleMs: number;
  batchSize: number;
}

function* fetchOne(deps: SwipeTotalsDeps, uid: string): SagaIterator {
  try {
    const total: number = yield call(deps.fetchTotal, uid);
    yield put(swipeTotalReceived({ uid, total }));
  } catch (error) {
    yield put(swipeTotalFailed({ uid, reason: errorReason((error as { error?: unknown })?.error ?? error) }));
  }
}

export function* swipeTotalsSaga(deps: SwipeTotalsDeps = liveSwipeTotalsDeps): SagaIterator {
  for (;;) {
    const state: SwipeTotalsState = yield select(selectSwipeTotals);
    const batch = nextSwipeBatch(state, deps.batchSize);
    if (batch.length === 0) {
      yield take(visibleUsersChanged);
      // Let a scroll come to rest; each further change restarts the wait.
      for (;;) {
        const { changed }: { changed?: unknown } = yield race({ changed: take(visibleUsersChanged), settled: delay(deps.settleMs) });
        if (!changed) break;
      }
      continue;
    }
    yield put(swipeTotalsRequested(batch));
    yield all(batch.map((uid) => call(fetchOne, deps, uid)));
  }
}

/** Through RTK Query (base URL, timeout, bearer token, error shape); the entry is dropped once read. */
export function* fetchTotalThroughApi(uid: string): SagaIterator<number> {
  return (yield call(requestThroughApi<number>, usersApi.endpoints.getUserSwipeTotal.initiate(uid, { subscribe: false }))) as number;
}

export const liveSwipeTotalsDeps: SwipeTotalsDeps = { fetchTotal: fetchTotalThroughApi, settleMs: 150, batchSize: SWIPE_TOTALS_BATCH_SIZE };
