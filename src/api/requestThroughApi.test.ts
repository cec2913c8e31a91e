import { runSaga } from 'redux-saga';
import { requestThroughApi } from './requestThroughApi';

/** A store stand-in: dispatching a thunk returns what the thunk returns, as Redux's thunk middleware does. */
function run<T>(handle: { unwrap(): Promise<T>; reset?: () => void }) {
  const thunk = () => handle;
  return runSaga(
    { dispatch: (action: unknown) => (typeof action === 'function' ? action() : action) },
    requestThroughApi<T>,
    thunk,
  ).toPromise();
}

it('answers what the request unwraps to, and drops the entry after', async () => {
  const reset = jest.fn();
  await expect(run({ unwrap: () => Promise.resolve(42), reset })).resolves.toBe(42);
  expect(reset).toHaveBeenCalledTimes(1);
});

it('throws what the request rejects with (the ApiError), and drops the entry all the same', async () => {
  const reset = jest.fn();
  const refusal = { status: 409, reason: 'version_conflict' };
  await expect(run({ unwrap: () => Promise.reject(refusal), reset })).rejects.toBe(refusal);
  expect(reset).toHaveBeenCalledTimes(1);
});

it('works with a query request, which has no entry to reset', async () => {
  await expect(run({ unwrap: () => Promise.resolve('ok') })).resolves.toBe('ok');
});
