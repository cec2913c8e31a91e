// The swipe-total batching under runSaga: ten requests at a time, only for the rows the grid shows.
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type Task } from 'redux-saga';
import { swipeTotalsSaga, type SwipeTotalsDeps } from './swipeTotalsSaga';
import {
  nextSwipeBatch,
  swipeTotalsReducer,
  visibleUsersChanged,
  initialSwipeTotalsState,
  type SwipeTotalsState,
} from './swipeTotalsSlice';

const uids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `u${from + i}`);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness() {
  let state: { userSwipeTotals: SwipeTotalsState } = { userSwipeTotals: initialSwipeTotalsState };
  const channel = stdChannel();
  const pending = new Map<string, { resolve(n: number): void; reject(e: unknown): void }>();
  const requested: string[] = [];
  let maxInFlight = 0;
  const deps: SwipeTotalsDeps = {
    batchSize: 10,
    settleMs: 5,
    fetchTotal: (uid) =>
      new Promise<number>((resolve, reject) => {
        requested.push(uid);
        pending.set(uid, {
          resolve: (n) => {
            pending.delete(uid);
            resolve(n);
          },
          reject: (e) => {
            pending.delete(uid);
            reject(e);
          },
        });
        maxInFlight = Math.max(maxInFlight, pending.size);
      }),
  };
  const dispatch = (action: UnknownAction) => {
    state = { userSwipeTotals: swipeTotalsReducer(state.userSwipeTotals, action) };
    channel.put(action);
  };
  const task: Task = runSaga({ channel, dispatch, getState: () => state }, swipeTotalsSaga, deps);
  return {
    task,
    requested,
    pending,
    get maxInFlight() {
      return maxInFlight;
    },
    get totals() {
      return state.userSwipeTotals.byUid;
    },
    show: (ids: string[]) => dispatch(visibleUsersChanged(ids)),
    async answerAll(value = 7) {
      [...pending.values()].forEach((p) => p.resolve(value));
      await flush();
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, 20)),
  };
}

describe('swipe totals batching', () => {
  it('picks the next ten visible rows without a total, in row order', () => {
    const state: SwipeTotalsState = { visible: uids(1, 25), byUid: { u2: { status: 'loading' }, u5: { status: 'done', total: 3 } } };
    expect(nextSwipeBatch(state)).toEqual(['u1', 'u3', 'u4', 'u6', 'u7', 'u8', 'u9', 'u10', 'u11', 'u12']);
  });

  it('fetches the visible rows ten at a time, the next batch after the previous one answered', async () => {
    const h = harness();
    h.show(uids(1, 25));
    await h.settle();
    expect(h.requested).toEqual(uids(1, 10));
    await h.answerAll(4);
    expect(h.requested).toEqual(uids(1, 20));
    await h.answerAll(5);
    expect(h.requested).toEqual(uids(1, 25));
    await h.answerAll(6);
    expect(h.maxInFlight).toBe(10);
    expect(h.totals.u1).toEqual({ status: 'done', total: 4 });
    expect(h.totals.u25).toEqual({ status: 'done', total: 6 });
    h.task.cancel();
  });

  it('never fetches rows that were scrolled past, nor a row twice', async () => {
    const h = harness();
    h.show(uids(1, 30));
    await h.settle();
    expect(h.requested).toEqual(uids(1, 10));
    // While the first batch runs the operator scrolls far down: rows 11..30 are no longer on screen.
    h.show(uids(500, 512));
    await h.answerAll();
    expect(h.requested.slice(10)).toEqual(uids(500, 509));
    await h.answerAll();
    expect(h.requested.slice(20)).toEqual(uids(510, 512));
    await h.answerAll();
    // Back to the top: those totals are known, nothing is fetched again.
    h.show(uids(1, 10));
    await h.settle();
    expect(h.requested).toHaveLength(23);
    expect(new Set(h.requested).size).toBe(23);
    h.task.cancel();
  });

  it('waits for a scroll to come to rest before fetching', async () => {
    const h = harness();
    h.show(uids(1, 10));
    h.show(uids(100, 110));
    h.show(uids(200, 205));
    await h.settle();
    expect(h.requested).toEqual(uids(200, 205));
    h.task.cancel();
  });

  it('a failed total is marked and does not stop the others', async () => {
    const h = harness();
    h.show(uids(1, 3));
    await h.settle();
    h.pending.get('u2')!.reject({ error: { status: 404, reason: 'User u2 not found' } });
    await h.answerAll(9);
    expect(h.totals).toEqual({
      u1: { status: 'done', total: 9 },
      u2: { status: 'error', reason: 'User u2 not found' },
      u3: { status: 'done', total: 9 },
    });
    h.task.cancel();
  });
});
