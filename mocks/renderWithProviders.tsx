import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { makeStore, type RootState } from '../src/app/store';
import { AppProviders } from '../src/app/AppProviders';
import { createFakeBackend, type FakeBackend } from './fakeBackend';

export interface ProvidersOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  backend?: FakeBackend;
  /** the URL the memory router starts at */
  route?: string;
  /** extra routes next to the element under test (e.g. a /login target for redirects) */
  routes?: RouteObject[];
  runSagas?: boolean;
}

/** Renders `ui` at `route` inside a real store, the theme, notistack and a memory router. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { preloadedState, backend = createFakeBackend(), route = '/', routes = [], runSagas = true, ...renderOptions } = options;
  const store = makeStore({ backend, preloadedState, runSagas });
  const path = route.split('?')[0];
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </Provider>,
    renderOptions,
  );
  return { store, backend, router, ...result };
}

/** Preloaded session state of a signed-in admin, for screens behind the guard. */
export const signedInAdminState = {
  session: {
    status: 'signedIn',
    user: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin', isAdmin: true },
    notice: null,
    loginError: null,
    loginPending: false,
  },
} as unknown as Partial<RootState>;
