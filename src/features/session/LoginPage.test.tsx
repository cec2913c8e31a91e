import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import { routes } from '../../app/routes';
import { redirectTarget } from './LoginPage';

function backendWithAccounts() {
  const backend = createFakeBackend();
  const admin = { uid: 'admin-1', email: 'admin@babynames.test', displayName: 'Demo Admin' };
  const user = { uid: 'user-1', email: 'user@babynames.test', displayName: 'Demo User' };
  backend.passwords.set(admin.email, { password: 'admin-demo-password', account: admin });
  backend.passwords.set(user.email, { password: 'user-demo-password', account: user });
  backend.records.set(admin.uid, makeUserRecord({ ...admin, isAdmin: true }));
  backend.records.set(user.uid, makeUserRecord({ ...user, isAdmin: false }));
  return backend;
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('has a required email-type input, a required password input and a Login button', async () => {
    renderRoutes(routes, { route: '/login', backend: backendWithAccounts() });
    const email = await screen.findByLabelText(/email/i);
    const password = screen.getByLabelText(/password/i, { selector: 'input' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('an admin who signs in lands on /dashboard', async () => {
    const { router } = renderRoutes(routes, { route: '/login', backend: backendWithAccounts() });
    await logIn('admin@babynames.test', 'admin-demo-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a wrong password shows exactly "Invalid email or password"', async () => {
    const { router } = renderRoutes(routes, { route: '/login', backend: backendWithAccounts() });
    await logIn('admin@babynames.test', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('a valid non-admin account stays out with a clear message and is signed out', async () => {
    const backend = backendWithAccounts();
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const { router } = renderRoutes(routes, { route: '/login', backend });
    await logIn('user@babynames.test', 'user-demo-password');
    expect(await screen.findByText('This account does not have admin access.')).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('disables the form while signing in', async () => {
    const backend = backendWithAccounts();
    jest.spyOn(backend.auth, 'signIn').mockImplementation(() => new Promise(() => {}));
    renderRoutes(routes, { route: '/login', backend });
    await logIn('admin@babynames.test', 'admin-demo-password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    expect(screen.getByLabelText(/email/i)).toBeDisabled();
  });

  it('returns to the page the guard sent the admin from', async () => {
    const { router } = renderRoutes(routes, { route: '/user-management', backend: backendWithAccounts() });
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    await logIn('admin@babynames.test', 'admin-demo-password');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-management');
  });

  it('an admin already signed in goes straight to /dashboard', async () => {
    const { router } = renderRoutes(routes, { route: '/login', preloadedState: signedInAdminState });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('redirectTarget', () => {
  it('accepts in-app paths only', () => {
    expect(redirectTarget({ from: '/audit-logs?days=7' })).toBe('/audit-logs?days=7');
    expect(redirectTarget(null)).toBe('/dashboard');
    expect(redirectTarget({ from: '//evil.example' })).toBe('/dashboard');
    expect(redirectTarget({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(redirectTarget({ from: '/login' })).toBe('/dashboard');
  });
});
