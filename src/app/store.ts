import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { api } from '../api/apiSlice';
import type { Backend } from '../backend/ports';
import type { ThunkExtra } from '../api/baseQuery';
import { sanitizeSessionAction, sessionReducer } from '../features/session/sessionSlice';
import { namesReducer } from '../features/names/namesSlice';
import { jobsReducer } from '../features/jobs/jobsSlice';
import { analyticsReducer } from '../features/analytics/analyticsSlice';
// Reducers from their slice files, not the features' index: an index also registers the feature's API
// endpoints and jobs, which the login route must not load.
import { usersReducer } from '../features/users/usersSlice';
import { swipeTotalsReducer } from '../features/users/swipeTotalsSlice';
import { auditLogsReducer } from '../features/auditLogs/auditLogsSlice';
import type { restoreSlice } from '../features/dataExport/restore/restoreSlice';
import { rootSaga, type RootWatcher } from './rootSaga';
import { config } from '../config/env';

// RTK Query's api joins when an admin session begins (adminModules.ts), with its middleware, and so does the state
// only an admin page shows (the Restore card's). One reducer per store: injecting changes the reducer it is called on.
export const createRootReducer = () =>
  combineSlices({
    session: sessionReducer,
    names: namesReducer,
    jobs: jobsReducer,
    analytics: analyticsReducer,
    users: usersReducer,
    userSwipeTotals: swipeTotalsReducer,
    auditLogs: auditLogsReducer,
  }).withLazyLoadedSlices<WithSlice<typeof api> & WithSlice<typeof restoreSlice>>();

/** What an admin session adds to the store (adminModules.ts). */
export interface AdminModules {
  api: typeof api;
  restoreSlice: typeof restoreSlice;
  ADMIN_WATCHERS: readonly RootWatcher[];
}

export type RootState = ReturnType<ReturnType<typeof createRootReducer>>;

export interface MakeStoreOptions {
  backend: Backend;
  preloadedState?: Partial<RootState>;
  /** false in tests that drive sagas themselves */
  runSagas?: boolean;
  /** what logout calls to reload the page; tests pass a mock (jsdom cannot reload) */
  reload?: () => void;
  /**
   * RTK Query's api and the admin pages' watchers (adminModules.ts): added with the store when given as the
   * module (tests), or loaded and added when an admin session begins when given as a loader (the app: the
   * login route then ships none of it). Neither when absent.
   */
  admin?: AdminModules | (() => Promise<AdminModules>);
}

export function makeStore({ backend, preloadedState, runSagas = true, reload, admin }: MakeStoreOptions) {
  const extra: ThunkExtra = { backend };
  const reducer = createRootReducer();
  const dynamicMiddleware = createDynamicMiddleware();
  let added = false;
  const addAdmin = (modules: AdminModules) => {
    if (added) return;
    added = true;
    reducer.inject(modules.api);
    reducer.inject(modules.restoreSlice);
    dynamicMiddleware.addMiddleware(modules.api.middleware);
    if (runSagas) sagaMiddleware.run(rootSaga, modules.ADMIN_WATCHERS);
  };
  // Called by the session saga before it puts signedIn, so the api and every admin watcher are there before
  // an admin page can use them; once per store, again after a failed load.
  let loading: Promise<void> | undefined;
  const prepareAdminSession =
    typeof admin === 'function'
      ? () =>
          (loading ??= admin().then(addAdmin, (error: unknown) => {
            loading = undefined;
            throw error;
          }))
      : undefined;
  const sagaMiddleware = createSagaMiddleware({ context: { backend, reload, prepareAdminSession } });
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(dynamicMiddleware.middleware, sagaMiddleware),
    // Redux DevTools in development builds only, never showing a typed password.
    devTools: config.isDevelopment && { actionSanitizer: sanitizeSessionAction },
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  if (admin && typeof admin !== 'function') addAdmin(admin);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
