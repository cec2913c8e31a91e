import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createFakeBackend } from '../../../../mocks/fakeBackend';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { makeStore } from '../../../app/store';
import { genderChanged, letterChanged, selectNamesFilters, type NamesFilters } from '../namesSlice';
import { filtersFromSearchParams } from '../namesUrl';
import { useNamesUrlSync } from './useNamesUrlSync';
import * as adminModules from '../../../app/adminModules';

// The address <-> slice sync on its own, with the real store and a data router. The router commits every
// location change inside a React transition, while a filter click updates the slice synchronously: a click
// and a Back that follow each other faster than React commits the transition used to reach React as one
// update (B -> Á -> B seen as no change), leaving the slice on Á under ?letter=B (the e2e flake).

/** The filter bar's buttons, dispatching what the real ones dispatch, and the hook under test. */
function Harness() {
  useNamesUrlSync();
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

function setup(route = '/manage-names') {
  const store = makeStore({ backend: createFakeBackend(), runSagas: false, admin: adminModules });
  const router = createMemoryRouter([{ path: '/manage-names', element: <Harness /> }], { initialEntries: [route] });
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

describe('useNamesUrlSync', () => {
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
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all' });
    expect(address()).toEqual(slice());

    // A fourth, and Back before React rendered it.
    click('Á');
    await untilRouterAt(router, '?letter=%C3%81&gender=female');
    void router.navigate(-1);
    await untilRouterAt(router, '?letter=C&gender=female');
    await settle();
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all' });
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
    expect(slice()).toEqual({ letter: 'C', gender: 'female', nationality: 'all' });
  });
});
