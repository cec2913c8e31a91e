import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/apiSlice';
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
import { rootSaga, type RootWatcher } from './rootSaga';
import { config } from '../config/env';

export const rootReducer = combineReducers({
  session: sessionReducer,
  names: namesReducer,
  jobs: jobsReducer,
  analytics: analyticsReducer,
  users: usersReducer,
  userSwipeTotals: swipeTotalsReducer,
  auditLogs: auditLogsReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  backend: Backend;
  preloadedState?: Partial<RootState>;
  /** false in tests that drive sagas themselves */
  runSagas?: boolean;
  /** what logout calls to reload the page; tests pass a mock (jsdom cannot reload) */
  reload?: () => void;
  /**
   * The admin pages' watchers (adminWatchers.ts): started with the store when given as a list (tests), or
   * loaded and started when an admin session begins when given as a loader (the app: the login route then
   * does not ship them). None when absent.
   */
  adminWatchers?: readonly RootWatcher[] | (() => Promise<readonly RootWatcher[]>);
}

export function makeStore({ backend, preloadedState, runSagas = true, reload, adminWatchers }: MakeStoreOptions) {
  const extra: ThunkExtra = { backend };
  // Called by the session saga before it puts signedIn, so every admin watcher runs before an admin page
  // can dispatch to it; once per store, again after a failed load.
  let adminStarted: Promise<void> | undefined;
  const prepareAdminSession =
    typeof adminWatchers === 'function'
      ? () =>
          (adminStarted ??= adminWatchers().then(
            (watchers) => void sagaMiddleware.run(rootSaga, watchers),
            (error: unknown) => {
              adminStarted = undefined;
              throw error;
            },
          ))
      : undefined;
  const sagaMiddleware = createSagaMiddleware({ context: { backend, reload, prepareAdminSession } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, sagaMiddleware),
    // Redux DevTools in development builds only, never showing a typed password.
    devTools: config.isDevelopment && { actionSanitizer: sanitizeSessionAction },
  });
  if (runSagas) {
    sagaMiddleware.run(rootSaga);
    if (Array.isArray(adminWatchers)) sagaMiddleware.run(rootSaga, adminWatchers);
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
