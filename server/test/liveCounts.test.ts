import type { LiveCounts } from '../../contract/schemas/dashboard';
import type { Queryable } from '../src/db/types';
import { LiveCountsHub } from '../src/live/liveCounts';

/** A database whose count query fails while `failing` is true. */
function fakeDb(counts: LiveCounts) {
  const state = { failing: true, reads: 0 };
  const db = {
    async query() {
      state.reads += 1;
      if (state.failing) throw new Error('database down');
      // The hub reads the trigger-kept counters (migration 015): one row per counter.
      return {
        rows: [
          { counter: 'users', value: counts.users },
          { counter: 'accepted_connections', value: counts.acceptedConnections },
        ],
      };
    },
  } as unknown as Queryable;
  return { db, state };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `done` holds, checking every few milliseconds; fails after 10 s. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s');
    await sleep(5);
  }
}

describe('LiveCountsHub when reads fail', () => {
  it('rejects a new subscriber (no silent stream) and adds no listener or poller', async () => {
    const { db } = fakeDb({ users: 1, acceptedConnections: 0 });
    const errors: unknown[] = [];
    const hub = new LiveCountsHub(db, 10, (error) => errors.push(error));
    const listener = jest.fn();
    await expect(hub.subscribe(listener)).rejects.toThrow('database down');
    expect(listener).not.toHaveBeenCalled();
    expect(hub.subscriberCount).toBe(0);
    expect(errors).toHaveLength(1);
    hub.stop();
  });

  it('reports a streak of failed polls once (rate-limited), and again after a recovery', async () => {
    const { db, state } = fakeDb({ users: 1, acceptedConnections: 0 });
    state.failing = false;
    const errors: unknown[] = [];
    const hub = new LiveCountsHub(db, 10, (error) => errors.push(error), 60_000);
    const listener = jest.fn();
    const stop = await hub.subscribe(listener);
    expect(listener).toHaveBeenCalledWith({ users: 1, acceptedConnections: 0 });

    // Waits on what happened, not on a time: on a loaded machine a 10 ms poller may run a few times in 150 ms.
    state.failing = true;
    const readsBefore = state.reads;
    await until(() => state.reads - readsBefore > 3); // the poller kept trying...
    expect(errors).toHaveLength(1); // ...but logged once

    state.failing = false;
    const readsAtRecovery = state.reads;
    await until(() => state.reads > readsAtRecovery + 1); // at least one read succeeded
    state.failing = true;
    await until(() => errors.length >= 2);
    expect(errors).toHaveLength(2); // a new streak is reported
    stop();
    hub.stop();
  });

  it('tells subscribers once when polls start failing, and sends the counts again on recovery even if unchanged', async () => {
    const { db, state } = fakeDb({ users: 1, acceptedConnections: 0 });
    state.failing = false;
    const hub = new LiveCountsHub(db, 10);
    const listener = jest.fn();
    const unavailable = jest.fn();
    const stop = await hub.subscribe(listener, unavailable);
    expect(listener).toHaveBeenCalledTimes(1);

    state.failing = true;
    await hub.refresh();
    await hub.refresh();
    expect(unavailable).toHaveBeenCalledTimes(1);

    state.failing = false;
    await hub.refresh();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenLastCalledWith({ users: 1, acceptedConnections: 0 });
    stop();
    hub.stop();
  });
});
