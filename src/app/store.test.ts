// The store adds RTK Query's api and the admin watchers when an admin session begins (the login route then
// ships neither): before signedIn, once, and not at all for a visitor who is not an admin.
import { waitFor } from '@testing-library/react';
import { createFakeBackend, makeUserRecord } from '../../mocks/fakeBackend';
import * as adminModules from './adminModules';
import { makeStore } from './store';

const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' };

describe('makeStore with the admin modules loaded on demand', () => {
  it('adds the api at an admin sign-in, before the session is signed in, once', async () => {
    const backend = createFakeBackend({ signedIn: account });
    backend.records.set('admin-1', makeUserRecord({ ...account, isAdmin: true }));
    const load = jest.fn(async () => adminModules);
    const seenAtSignIn: unknown[] = [];
    const store = makeStore({ backend, admin: load, reload: jest.fn() });
    store.subscribe(() => {
      if (store.getState().session.status === 'signedIn' && seenAtSignIn.length === 0) seenAtSignIn.push(store.getState().api);
    });
    await waitFor(() => expect(store.getState().session.status).toBe('signedIn'));
    expect(seenAtSignIn[0]).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
    // The api answers through its middleware: a query runs and lands in the store.
    const result = await store.dispatch(adminModules.api.util.getRunningQueriesThunk());
    expect(result).toEqual([]);
  });

  it('adds nothing while nobody or a non-admin is signed in', async () => {
    const user = { uid: 'user-1', email: 'user@example.com', displayName: null };
    const backend = createFakeBackend({ signedIn: user });
    backend.records.set('user-1', makeUserRecord({ ...user, isAdmin: false }));
    const load = jest.fn(async () => adminModules);
    const store = makeStore({ backend, admin: load, reload: jest.fn() });
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(store.getState().api).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });
});
