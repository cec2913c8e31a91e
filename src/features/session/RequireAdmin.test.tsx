import { screen } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router-dom';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import type { RootState } from '../../app/store';
import { RequireAdmin } from './RequireAdmin';
import { initialSessionState } from './sessionSlice';

function LoginProbe() {
  const location = useLocation();
  return <p>Login page (from {(location.state as { from?: string } | null)?.from ?? 'nowhere'})</p>;
}

const routes: RouteObject[] = [
  { element: <RequireAdmin />, children: [{ path: '/secret', element: <p>Secret admin page</p> }] },
  { path: '/login', element: <LoginProbe /> },
];

const withSession = (session: Partial<RootState['session']>) => ({ session: { ...initialSessionState, ...session } }) as Partial<RootState>;

describe('RequireAdmin', () => {
  it('shows Loading... while the session is being determined', () => {
    // No saga: the status stays loading, as while auth has not answered yet.
    renderRoutes(routes, { route: '/secret', preloadedState: withSession({ status: 'loading' }), runSagas: false });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Secret admin page')).not.toBeInTheDocument();
  });

  it('sends a visitor without an admin session to /login, remembering the destination', async () => {
    renderRoutes(routes, { route: '/secret?tab=2', backend: createFakeBackend() });
    expect(await screen.findByText('Login page (from /secret?tab=2)')).toBeInTheDocument();
    expect(screen.queryByText('Secret admin page')).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in admin', () => {
    renderRoutes(routes, { route: '/secret', preloadedState: signedInAdminState });
    expect(screen.getByText('Secret admin page')).toBeInTheDocument();
  });
});
