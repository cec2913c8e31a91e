import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import { adminPages, morePages, tabPages } from '../adminPages';
import { THEME_STORAGE_KEY } from '../themeMode';
import { AppLayout } from './AppLayout';

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...adminPages.map((p) => ({ path: p.path, element: <h1>{p.label} page</h1> })),
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/invite', element: <h1>Invite page</h1> },
    ],
  },
];

beforeEach(() => window.localStorage.clear());

describe('AppLayout', () => {
  // The tabs load after sign-in (a chunk of their own): wait for them.
  it('links every admin page and highlights the active one', async () => {
    renderRoutes(routes, { route: '/audit-logs', preloadedState: signedInAdminState });
    const nav = await screen.findByRole('tablist');
    const links = within(nav).getAllByRole('tab');
    expect(links.map((l) => l.textContent)).toEqual(tabPages.map((p) => p.label));
    tabPages.forEach((p) => expect(within(nav).getByRole('tab', { name: p.label })).toHaveAttribute('href', p.path));
    expect(within(nav).getByRole('tab', { name: 'Audit Logs' })).toHaveAttribute('aria-selected', 'true');
    expect(within(nav).getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'false');
    // Every admin page is a tab or under More, none both.
    expect([...tabPages, ...morePages].map((p) => p.path).sort()).toEqual(adminPages.map((p) => p.path).sort());
  });

  it('lists the reference pages under More, and marks More while one of them is open', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const more = await screen.findByRole('button', { name: 'More' });
    expect(screen.queryByRole('tab', { name: 'API Reference' })).not.toBeInTheDocument();
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(more);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(morePages.map((p) => p.path));
    await user.click(within(menu).getByRole('menuitem', { name: /^API Reference/ }));
    expect(router.state.location.pathname).toBe('/api-reference');
    expect(screen.getByRole('heading', { name: 'API Reference page' })).toBeInTheDocument();
    // No tab is the current page; the menu says which page is.
    expect(screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitem', { name: /^API Reference/ })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates through the links', async () => {
    const { router } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Manage Names' }));
    expect(router.state.location.pathname).toBe('/manage-names');
    expect(screen.getByRole('heading', { name: 'Manage Names page' })).toBeInTheDocument();
  });

  it('leads each tab back to the view the operator left on that page (its last filters)', async () => {
    const { router } = renderRoutes(routes, { route: '/manage-names?letter=B&gender=female', preloadedState: signedInAdminState });
    await act(() => router.navigate('/dashboard'));
    const nav = await screen.findByRole('tablist');
    expect(within(nav).getByRole('tab', { name: 'Manage Names' })).toHaveAttribute('href', '/manage-names?letter=B&gender=female');
    expect(within(nav).getByRole('tab', { name: 'Audit Logs' })).toHaveAttribute('href', '/audit-logs');

    await userEvent.setup().click(within(nav).getByRole('tab', { name: 'Manage Names' }));
    expect(router.state.location.search).toBe('?letter=B&gender=female');
    // Back on the page with no filters: that is now the view to return to.
    await act(() => router.navigate('/manage-names'));
    await act(() => router.navigate('/dashboard'));
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Manage Names' })).toHaveAttribute('href', '/manage-names');
  });

  it('opens a new page at its top, but keeps the scroll position when only the filters change', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      const { router } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
      scrollTo.mockClear();
      await act(() => router.navigate('/manage-names'));
      expect(scrollTo).toHaveBeenCalledWith(0, 0);
      scrollTo.mockClear();
      await act(() => router.navigate('/manage-names?letter=C'));
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('shows the signed-in email and a Logout button that signs out and reloads', async () => {
    const reload = jest.fn();
    const { backend } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState, reload });
    const signOut = jest.spyOn(backend.auth, 'signOut');
    expect(screen.getByTestId('signed-in-email')).toHaveTextContent('admin@example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/invite'])('shows just the title bar on %s', (route) => {
    renderRoutes(routes, { route, preloadedState: signedInAdminState });
    expect(screen.getByText('Baby Names Admin')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows no links or Logout without a session', () => {
    renderRoutes(routes, { route: '/dashboard', backend: createFakeBackend() });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('toggles dark mode and remembers it', async () => {
    const user = userEvent.setup();
    const first = renderRoutes(routes, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, { route: '/login' });
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });
});
