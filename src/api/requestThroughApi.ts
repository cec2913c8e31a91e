// A saga's call to an RTK Query endpoint: the endpoint's `initiate` thunk is put (the store's dispatch returns what
// the thunk returns: the request), its unwrapped answer awaited, and its cache entry dropped after (a mutation's
// `reset`; a query initiated with `subscribe: false` keeps none). The request thus goes through the one base query
// (token, timeout, error shape: baseQuery.ts) like every screen's, and the saga gets the answer or the ApiError.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';

interface RequestHandle<T> {
  unwrap(): Promise<T>;
  reset?: () => void;
}

/** What `api.endpoints.x.initiate(arg, options)` returns: a thunk whose dispatch gives the request. */
type InitiateThunk<T> = (dispatch: never, getState: never, extra: never) => RequestHandle<T>;

export function* requestThroughApi<T>(thunk: InitiateThunk<T>): SagaIterator<T> {
  const request = (yield put(thunk as unknown as UnknownAction)) as unknown as RequestHandle<T>;
  try {
    return (yield call([request, request.unwrap])) as T;
  } finally {
    request.reset?.();
  }
}
