import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { jobFinished, jobsReducer, jobStarted } from './jobsSlice';
import { LeaveGuardWhileJobsRun } from './LeaveGuardWhileJobsRun';
import { isPageLeaving } from '../../lib/pageLeaving';

function leave(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

it('asks before leaving while any job runs, and stops asking when none does', () => {
  const store = configureStore({ reducer: { jobs: jobsReducer } });
  render(
    <Provider store={store}>
      <LeaveGuardWhileJobsRun />
    </Provider>,
  );
  expect(leave().defaultPrevented).toBe(false);

  act(() => {
    store.dispatch(jobStarted({ id: 'import', kind: 'bulkImport', label: 'names.csv', workTotal: 100, startedAt: '2026-03-01T10:00:00Z' }));
    store.dispatch(jobStarted({ id: 'export', kind: 'export', label: 'names', workTotal: null, startedAt: '2026-03-01T10:00:00Z' }));
  });
  expect(leave().defaultPrevented).toBe(true);
  // Asking marks the page as being left (a job's aborted requests are then not the server failing).
  expect(isPageLeaving()).toBe(true);

  act(() => {
    store.dispatch(jobFinished({ id: 'import', state: 'done', message: 'ok', detail: null, finishedAt: '2026-03-01T10:01:00Z' }));
  });
  expect(leave().defaultPrevented).toBe(true); // the export still runs

  act(() => {
    store.dispatch(jobFinished({ id: 'export', state: 'cancelled', message: 'stopped', detail: null, finishedAt: '2026-03-01T10:01:00Z' }));
  });
  expect(leave().defaultPrevented).toBe(false);
});
