import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { LINK_NOT_VALID, linkToken, operatorsDb } from '../../../mocks/operators.handlers';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import { SET_PASSWORD_PATH } from '../../../contract/operators';
import { routes } from '../../app/routes';
import { LINK_INCOMPLETE, LINKS_NOT_HERE, PASSWORD_SET, signedInAsOtherText } from './SetPasswordPage';
import { PASSWORDS_DIFFER } from './passwordRules';

jest.setTimeout(60_000);

beforeEach(() => {
  operatorsDb.reset();
  // The shell scrolls each new page to its top; jsdom has no scrolling.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** The app's own routes at /set-password#token=…, without a session (as the link is opened). */
function open(hash: string, backend = createFakeBackend()) {
  return renderRoutes(routes, { route: `${SET_PASSWORD_PATH}${hash}`, backend });
}
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm password/);

describe('set-password page', () => {
  it('reads the token from the fragment, removes it from the address, and asks the server what the link is for', async () => {
    const token = operatorsDb.invite('lena@example.com');
    const { router } = open(`#token=${token}`);
    expect(await screen.findByText('Welcome: you were invited to the admin console.')).toBeInTheDocument();
    expect(screen.getByText(/Set your password for/)).toHaveTextContent('Set your password for lena@example.com');
    expect(screen.getByLabelText('Display name (optional)')).toBeInTheDocument();
    expect(screen.getByText('At least 12 characters.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(SET_PASSWORD_PATH);
    expect(router.state.location.hash).toBe('');
    expect(operatorsDb.calls).toEqual(['POST /auth/links/inspect']);
    expect(document.title).toMatch(/^Set your password/);
    // Public: no navigation, no session needed.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('refuses a short password and two that differ, without asking the server', async () => {
    const user = userEvent.setup();
    const token = operatorsDb.resetLink('op-rosa');
    open(`#token=${token}`);
    await screen.findByText(/Set your password for/);
    expect(screen.queryByText('Welcome: you were invited to the admin console.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Display name (optional)')).not.toBeInTheDocument();

    await user.type(newPassword(), 'short');
    await user.type(confirmPassword(), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Too short: a password has at least 12 characters.')).toBeInTheDocument();

    await user.clear(newPassword());
    await user.type(newPassword(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(operatorsDb.redeemed).toEqual([]);
  });

  it('sets the password, then leads to sign-in with the address filled in', async () => {
    const user = userEvent.setup();
    const token = operatorsDb.invite('lena@example.com');
    const { router } = open(`#token=${token}`);
    await user.type(await screen.findByLabelText('Display name (optional)'), '  Lena Ops ');
    await user.type(newPassword(), 'a-long-enough-password');
    await user.type(confirmPassword(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORD_SET)).toBeInTheDocument();
    expect(operatorsDb.redeemed).toEqual([{ token, password: 'a-long-enough-password', displayName: 'Lena Ops' }]);

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('lena@example.com');
  });

  it('says when this browser holds another operator’s session, where signing in means logging out first', async () => {
    const user = userEvent.setup();
    const token = operatorsDb.invite('lena@example.com');
    renderRoutes(routes, { route: `${SET_PASSWORD_PATH}#token=${token}`, preloadedState: signedInAdminState });
    await user.type(await screen.findByLabelText(/^New password/), 'a-long-enough-password');
    await user.type(confirmPassword(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(signedInAsOtherText('admin@example.com', 'lena@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('leaves the display name out when none is given, and says a reset signed the other sessions out', async () => {
    const user = userEvent.setup();
    const token = operatorsDb.resetLink('op-rosa');
    open(`#token=${token}`);
    await user.type(await screen.findByLabelText(/^New password/), 'a-long-enough-password');
    await user.type(confirmPassword(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Every other session of your account was signed out/)).toBeInTheDocument();
    expect(operatorsDb.redeemed).toEqual([{ token, password: 'a-long-enough-password' }]);
  });

  it("shows the server's message for a link that cannot be used, with the way to sign in", async () => {
    const token = operatorsDb.invite('lena@example.com');
    operatorsDb.invites = [];
    open(`#token=${token}`);
    expect(await screen.findByText(LINK_NOT_VALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('goes to the invalid-link state when the link stops working before the password is sent', async () => {
    const user = userEvent.setup();
    const token = operatorsDb.invite('lena@example.com');
    open(`#token=${token}`);
    await user.type(await screen.findByLabelText(/^New password/), 'a-long-enough-password');
    await user.type(confirmPassword(), 'a-long-enough-password');
    operatorsDb.links.get(token)!.used = true;
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(LINK_NOT_VALID)).toBeInTheDocument();
  });

  it('keeps what was typed and shows the reason when the server fails otherwise', async () => {
    server.use(
      http.post('*/auth/links/redeem', () =>
        HttpResponse.json({ error: 'unavailable', message: 'The database is unreachable' }, { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    const token = operatorsDb.invite('lena@example.com');
    open(`#token=${token}`);
    await user.type(await screen.findByLabelText(/^New password/), 'a-long-enough-password');
    await user.type(confirmPassword(), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The database is unreachable')).toBeInTheDocument();
    expect(newPassword()).toHaveValue('a-long-enough-password');
  });

  it('says a link without a token is incomplete, without asking the server', async () => {
    open('');
    expect(await screen.findByText(LINK_INCOMPLETE)).toBeInTheDocument();
    expect(operatorsDb.calls).toEqual([]);
  });

  it('offers to try again when the link could not be checked (the server unreachable)', async () => {
    server.use(http.post('*/auth/links/inspect', () => HttpResponse.error()));
    open(`#token=${linkToken(1)}`);
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says where to go in Firebase mode, which has no password links of its own', async () => {
    const backend = createFakeBackend();
    delete backend.accountPasswords;
    open(`#token=${linkToken(1)}`, backend);
    expect(await screen.findByText(LINKS_NOT_HERE)).toBeInTheDocument();
    expect(operatorsDb.calls).toEqual([]);
  });
});
