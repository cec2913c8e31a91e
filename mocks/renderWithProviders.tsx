import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import * as adminModules from '../src/app/adminModules';
import { makeStore, type RootState } from '../src/app/store';
import { AppProviders } from '../src/app/AppProviders';
import { Toasts } from '../src/app/Toasts';
import { mergeSessionUser } from '../src/features/session/sessionSlice';
import { createFakeBackend, makeUserRecord, type FakeBackend } from './fakeBackend';

export interface ProvidersOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  backend?: FakeBackend;
  /** the URL the memory router starts at */
  route?: string;
  /** extra routes next to the element under test (e.g. a /login target for redirects) */
  routes?: RouteObject[];
  runSagas?: boolean;
  /** what logout calls instead of reloading the page */
  reload?: () => void;
}

/**
 * The session saga runs in these stores and asks the backend who is signed in, so a preloaded signed-in
 * session gets a fake backend that agrees (signed in, admin record) and the user the saga would derive
 * from it; otherwise the saga would sign the session out, or replace the user after the first render.
 */
function withCoherentSession(preloadedState: Partial<RootState> | undefined): {
  backend: FakeBackend;
  preloadedState?: Partial<RootState>;
} {
  const session = preloadedState?.session;
  if (session?.status !== 'signedIn' || !session.user) return { backend: createFakeBackend(), preloadedState };
  const { uid, email, displayName } = session.user;
  const account = { uid, email, displayName };
  const backend = createFakeBackend({ signedIn: account });
  const record = makeUserRecord({ ...session.user, isAdmin: true });
  backend.records.set(uid, record);
  return { backend, preloadedState: { ...preloadedState, session: { ...session, user: mergeSessionUser(account, record) } } };
}

function setup(options: Omit<ProvidersOptions, 'routes' | keyof RenderOptions>) {
  const coherent = options.backend
    ? { backend: options.backend, preloadedState: options.preloadedState }
    : withCoherentSession(options.preloadedState);
  // The api and the admin watchers from the start (the app loads them at sign-in): a test may use them at once.
  const store = makeStore({ ...coherent, runSagas: options.runSagas ?? true, reload: options.reload, admin: adminModules });
  return { store, backend: coherent.backend };
}

/** Renders `ui` at `route` inside a real store, the theme, notistack and a memory router. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { route = '/', routes = [], ...rest } = options;
  return renderRoutes([{ path: route.split('?')[0], element: ui }, ...routes], { route, ...rest });
}

/** Renders a whole route table (e.g. the app's own `routes`) at `route`, with the same providers. */
export function renderRoutes(routeObjects: RouteObject[], options: Omit<ProvidersOptions, 'routes'> = {}) {
  const { preloadedState, backend: givenBackend, route = '/', runSagas, reload, ...renderOptions } = options;
  const { store, backend } = setup({ preloadedState, backend: givenBackend, runSagas, reload });
  const router = createMemoryRouter(routeObjects, { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <AppProviders>
        <RouterProvider router={router} />
        <Toasts />
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
    secondStep: null,
    user: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin', isAdmin: true },
    notice: null,
    loginError: null,
    loginPending: false,
  },
} as unknown as Partial<RootState>;
