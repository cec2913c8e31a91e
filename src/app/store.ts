import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/apiSlice';
import type { Backend } from '../backend/ports';
import type { ThunkExtra } from '../api/baseQuery';
import { sanitizeSessionAction, sessionReducer } from '../features/session/sessionSlice';
import { namesReducer } from '../features/names/namesSlice';
import { jobsReducer } from '../features/jobs/jobsSlice';
import { analyticsReducer } from '../features/analytics/analyticsSlice';
import { swipeTotalsReducer, usersReducer } from '../features/users';
import { auditLogsReducer } from '../features/auditLogs';
import { rootSaga } from './rootSaga';
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
}

export function makeStore({ backend, preloadedState, runSagas = true, reload }: MakeStoreOptions) {
  const extra: ThunkExtra = { backend };
  const sagaMiddleware = createSagaMiddleware({ context: { backend, reload } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, sagaMiddleware),
    // Redux DevTools in development builds only, never showing a typed password.
    devTools: config.isDevelopment && { actionSanitizer: sanitizeSessionAction },
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
