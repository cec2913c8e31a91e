// Every page whose view (filters, sort, page) lives in the address, through the shared hook (src/hooks/useUrlBackedView.ts)
// with each feature's own slice and address format: here, at the shell, which may reach into the features.
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createFakeBackend } from '../../mocks/fakeBackend';
import { useAppDispatch, useAppSelector } from './hooks';
import { makeStore } from './store';
import { genderChanged, letterChanged, selectNamesFilters, type NamesFilters } from '../features/names/namesSlice';
import { filtersFromSearchParams, namesUrlView } from '../features/names/namesUrl';
import { analyticsGenderChanged, selectAnalyticsFilters, type AnalyticsFilters } from '../features/analytics/analyticsSlice';
import { analyticsFiltersFromSearchParams, analyticsUrlView } from '../features/analytics/analyticsUrl';
import { auditUrlView } from '../features/auditLogs/auditLogsUrl';
import { rangeChanged, selectAuditAnchor, selectAuditFilters } from '../features/auditLogs/auditLogsSlice';
import { pageChanged, selectUsersView } from '../features/users/usersSlice';
import { usersUrlView } from '../features/users/usersUrl';
import { useUrlBackedView } from '../hooks/useUrlBackedView';
import * as adminModules from './adminModules';

// The address <-> slice sync on its own, with the real store and a data router, for each page's view: Manage
// Names ('push'), Name Analytics, Audit Logs and User Management ('replace'). The router commits every
// location change inside a React transition, while a filter click updates the slice synchronously: a click
// and a Back that follow each other faster than React commits the transition used to reach React as one
// update (B -> Á -> B seen as no change), leaving the slice on Á under ?letter=B (the e2e flake).

/** The filter bar's buttons, dispatching what the real ones dispatch, and the hook under test. */
function Harness() {
  useUrlBackedView(namesUrlView);
  const dispatch = useAppDispatch();
  const { letter } = useAppSelector(selectNamesFilters);
  return (
    <div>
      {['B', 'C', 'Á', 'All'].map((l) => (
        <button key={l} type="button" aria-pressed={letter === l} onClick={() => dispatch(letterChanged(l))}>
          {l}
        </button>
      ))}
      <button type="button" onClick={() => dispatch(genderChanged('female'))}>
        female
      </button>
    </div>
  );
}

/** Name Analytics' gender filter ('replace'). */
function AnalyticsHarness() {
  useUrlBackedView(analyticsUrlView);
  const dispatch = useAppDispatch();
  const { gender } = useAppSelector(selectAnalyticsFilters);
  return (
    <div>
      {['female', 'male'].map((g) => (
        <button key={g} type="button" aria-pressed={gender === g} onClick={() => dispatch(analyticsGenderChanged(g))}>
          {g}
        </button>
      ))}
    </div>
  );
}

/** Audit Logs' range ('replace'; opening the page re-anchors the window). */
function AuditHarness() {
  const ready = useUrlBackedView(auditUrlView);
  const dispatch = useAppDispatch();
  return (
    <button type="button" data-ready={ready} onClick={() => dispatch(rangeChanged(30))}>
      30 days
    </button>
  );
}

/** User Management's pager ('replace'). */
function UsersHarness() {
  useUrlBackedView(usersUrlView);
  const dispatch = useAppDispatch();
  const { page } = useAppSelector(selectUsersView);
  return (
    <button type="button" onClick={() => dispatch(pageChanged(page + 1))}>
      Next page
    </button>
  );
}

function setup(route = '/manage-names', initialEntries: string[] = [route]) {
  const store = makeStore({ backend: createFakeBackend(), runSagas: false, admin: adminModules });
  const router = createMemoryRouter(
    [
      { path: '/manage-names', element: <Harness /> },
      { path: '/analytics', element: <AnalyticsHarness /> },
      { path: '/audit-logs', element: <AuditHarness /> },
      { path: '/user-management', element: <UsersHarness /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const slice = (): NamesFilters => selectNamesFilters(store.getState());
  const address = (): NamesFilters => filtersFromSearchParams(new URLSearchParams(router.state.location.search));
  return { store, router, slice, address };
}

/** Lets every pending microtask, timer and React render (the router's transitions too) finish. */
async function settle() {
  for (let i = 0; i < 3; i += 1) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * Microtasks only, until the router itself holds `search`: the history entry exists, but React has not
 * rendered it yet (that happens in a later task). This is the window a fast Back lands in.
 */
async function untilRouterAt(router: ReturnType<typeof setup>['router'], search: string) {
  for (let i = 0; i < 100 && router.state.location.search !== search; i += 1) await Promise.resolve();
  expect(router.state.location.search).toBe(search);
}

/**
 * A click as the browser delivers it: not wrapped in act(), so React renders it and runs its effects the way
 * it does for a real click, and anything the click schedules for a later task stays pending.
 */
const click = (name: string) => screen.getByRole('button', { name }).click();

// The router's transition updates land outside act() on purpose here; React says so on the console.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  const original = console.error.bind(console);
  consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('not wrapped in act')) return;
    original(...args);
  });
});
afterEach(() => consoleError.mockRestore());

describe('useUrlBackedView with Manage Names (push: each filter change is a history entry)', () => {
  it('Back right after a filter click (before React rendered the new address) goes back to the previous filters', async () => {
    const { router, slice, address } = setup();
    await settle();
    click('B');
    await settle();
    expect(router.state.location.search).toBe('?letter=B');
    expect(slice().letter).toBe('B');

    click('Á');
    await untilRouterAt(router, '?letter=%C3%81');
    void router.navigate(-1);
    await untilRouterAt(router, '?letter=B');
    await settle();

    expect(router.state.location.search).toBe('?letter=B');
    expect(slice()).toEqual(address());
    expect(screen.getByRole('button', { name: 'B' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('rapid filter clicks, then Back step by step: the slice and the address agree after every step', async () => {
    const { router, slice, address } = setup();
    await settle();

    // Three clicks, each faster than React renders the address of the one before.
    click('B');
    await untilRouterAt(router, '?letter=B');
    click('female');
    await untilRouterAt(router, '?letter=B&gender=female');
    click('C');
    await untilRouterAt(router, '?letter=C&gender=female');
    await settle();
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all', search: '' });
    expect(address()).toEqual(slice());

    // A fourth, and Back before React rendered it.
    click('Á');
    await untilRouterAt(router, '?letter=%C3%81&gender=female');
    void router.navigate(-1);
    await untilRouterAt(router, '?letter=C&gender=female');
    await settle();
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all', search: '' });
    expect(address()).toEqual(slice());

    const expected = ['?letter=B&gender=female', '?letter=B', ''];
    for (const search of expected) {
      void router.navigate(-1);
      await untilRouterAt(router, search);
      await settle();
      expect(router.state.location.search).toBe(search);
      expect(slice()).toEqual(address());
    }

    // And forward again, each Back and Forward faster than React renders the one before.
    for (const search of ['?letter=B', '?letter=B&gender=female']) {
      void router.navigate(1);
      await untilRouterAt(router, search);
    }
    await settle();
    expect(router.state.location.search).toBe('?letter=B&gender=female');
    expect(slice()).toEqual(address());
  });

  it('a click right after Back (before React rendered it) leaves the slice and the address in agreement', async () => {
    const { router, slice, address } = setup();
    await settle();
    click('B');
    await settle();
    click('C');
    await settle();

    void router.navigate(-1);
    await untilRouterAt(router, '?letter=B');
    click('female');
    await settle();

    expect(slice().gender).toBe('female');
    expect(slice()).toEqual(address());
    void router.navigate(-1);
    await settle();
    expect(router.state.location.search).toBe('?letter=B');
    expect(slice()).toEqual(address());
  });

  it('tidies a hand-written address in place, and the slice adopts it', async () => {
    const { router, slice } = setup('/manage-names?letter=c&gender=FEMALE');
    await settle();
    expect(router.state.location.search).toBe('?letter=C&gender=female');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all', search: '' });
  });
});

describe('useUrlBackedView with the replace views (Name Analytics, Audit Logs, User Management)', () => {
  it('a filter change replaces the entry: Back leaves the page instead of stepping through filters', async () => {
    const { router, store } = setup('/analytics', ['/dashboard', '/analytics']);
    const analytics = (): AnalyticsFilters => selectAnalyticsFilters(store.getState());
    await settle();
    click('female');
    await settle();
    expect(router.state.location.search).toBe('?gender=female');
    expect(router.state.historyAction).toBe('REPLACE');
    click('male');
    await settle();
    expect(analytics()).toEqual(analyticsFiltersFromSearchParams(new URLSearchParams(router.state.location.search)));
    void router.navigate(-1);
    await settle();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Back right after a filter click (before React rendered the new address) leaves slice and address in agreement', async () => {
    // The entry before shows the same view (a link to this page clicked while it was open): React sees the
    // replace and the Back together as no change unless the replace was rendered at once.
    const { router, store } = setup('/analytics', ['/analytics', '/analytics']);
    const analytics = (): AnalyticsFilters => selectAnalyticsFilters(store.getState());
    const address = () => analyticsFiltersFromSearchParams(new URLSearchParams(router.state.location.search));
    await settle();
    click('female');
    await untilRouterAt(router, '?gender=female');
    void router.navigate(-1);
    await untilRouterAt(router, '');
    await settle();
    expect(analytics()).toEqual(address());
    expect(analytics().gender).toBe('all');
    expect(screen.getByRole('button', { name: 'female' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opening Audit Logs adopts the address and re-anchors the window even when the filters are unchanged', async () => {
    // The default filters, as the slice starts with them; its anchor starts at 1970.
    const opened = Date.now();
    const { router, store } = setup('/audit-logs');
    await settle();
    expect(Date.parse(selectAuditAnchor(store.getState()))).toBeGreaterThanOrEqual(opened);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('data-ready', 'true');
    click('30 days');
    await settle();
    expect(selectAuditFilters(store.getState()).rangeDays).toBe(30);
    expect(router.state.location.search).toBe('?range=30');
  });

  it('User Management writes its page to the address and reads an outside change back', async () => {
    const { router, store } = setup('/user-management?size=25');
    await settle();
    click('Next page');
    await settle();
    expect(router.state.location.search).toBe('?size=25&page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    void router.navigate('/user-management?size=100&page=3');
    await settle();
    expect(selectUsersView(store.getState())).toMatchObject({ pageSize: 100, page: 2 });
  });
});
