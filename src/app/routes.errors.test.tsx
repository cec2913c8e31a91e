import { screen, within } from '@testing-library/react';
import { Outlet, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { renderRoutes, signedInAdminState } from '../../mocks/renderWithProviders';
import { routes } from './routes';

function Broken(): never {
  throw new Error('An object where a string belongs');
}

describe('a page that throws', () => {
  it('shows the error screen inside the shell, with the top navigation still there', async () => {
    // The console's own route tree, with a throwing page in the guarded group (the guard itself replaced
    // by a plain outlet: the session is not what this is about).
    const shell = routes[1] as NonIndexRouteObject;
    const guarded = shell.children!.find((route) => route.path === undefined) as NonIndexRouteObject;
    const tree: RouteObject[] = [
      { ...shell, children: [{ ...guarded, element: <Outlet />, children: [{ path: '/broken', element: <Broken /> }] }] },
    ];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderRoutes(tree, { route: '/broken', preloadedState: signedInAdminState });
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
      // The tabs load after sign-in (a chunk of their own): wait for them.
      expect(within(await screen.findByRole('tablist')).getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    } finally {
      spy.mockRestore();
    }
  });
});
