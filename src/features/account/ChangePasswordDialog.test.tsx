import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { CURRENT_PASSWORD, operatorsDb, TOKEN_AFTER_PASSWORD_CHANGE } from '../../../mocks/operators.handlers';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { AppLayout } from '../../app/layout/AppLayout';
import { PASSWORD_CHANGED } from './accountApi';
import { SAME_PASSWORD } from './ChangePasswordDialog';

jest.setTimeout(60_000);

const routes: RouteObject[] = [{ element: <AppLayout />, children: [{ path: '/dashboard', element: <h1>Dashboard page</h1> }] }];

beforeEach(() => {
  operatorsDb.reset();
  // The shell scrolls each new page to its top; jsdom has no scrolling.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Account: admin@example.com' }));
  await user.click(screen.getByRole('menuitem', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

describe('Change password', () => {
  it("shows a wrong current password's refusal in the dialog, keeps what was typed and the session", async () => {
    const user = userEvent.setup();
    const { backend, store } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    await user.type(field(dialog, /^Current password/), 'not-the-current-one');
    await user.type(field(dialog, /^New password/), 'a-brand-new-passphrase');
    await user.type(field(dialog, /^Confirm new password/), 'a-brand-new-passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await within(dialog).findByText('The current password is not correct')).toBeInTheDocument();
    expect(field(dialog, /^Current password/)).toHaveValue('not-the-current-one');
    expect(field(dialog, /^New password/)).toHaveValue('a-brand-new-passphrase');
    expect(field(dialog, /^Confirm new password/)).toHaveValue('a-brand-new-passphrase');
    expect(backend.token).toBe('fake-token');
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('changes the password, keeps the session on the token the server answered, and says the other sessions ended', async () => {
    const user = userEvent.setup();
    const { backend, store } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    await user.type(field(dialog, /^Current password/), CURRENT_PASSWORD);
    await user.type(field(dialog, /^New password/), 'a-brand-new-passphrase');
    await user.type(field(dialog, /^Confirm new password/), 'a-brand-new-passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(operatorsDb.passwordChanges).toEqual([
      { authorization: 'Bearer fake-token', body: { currentPassword: CURRENT_PASSWORD, newPassword: 'a-brand-new-passphrase' } },
    ]);
    expect(backend.token).toBe(TOKEN_AFTER_PASSWORD_CHANGE);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument());
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('checks the new password before sending: its length, the confirmation, and that it is not the current one', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    await user.type(field(dialog, /^Current password/), CURRENT_PASSWORD);
    await user.type(field(dialog, /^New password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText('Too short: a password has at least 12 characters.')).toBeInTheDocument();

    await user.clear(field(dialog, /^New password/));
    await user.type(field(dialog, /^New password/), CURRENT_PASSWORD);
    await user.type(field(dialog, /^Confirm new password/), CURRENT_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText(SAME_PASSWORD)).toBeInTheDocument();

    await user.clear(field(dialog, /^New password/));
    await user.type(field(dialog, /^New password/), 'a-brand-new-passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(operatorsDb.passwordChanges).toEqual([]);
  });

  it('is not offered where the backend has no password change of its own (Firebase mode)', async () => {
    const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };
    const backend = createFakeBackend({ signedIn: account });
    backend.records.set(account.uid, makeUserRecord({ ...account, isAdmin: true }));
    delete backend.accountPasswords;
    // Firebase mode's two-factor port says it is not available (backend/firebase/firebaseMfa.ts): nothing for the menu.
    backend.accountMfa = { ...backend.accountMfa!, available: false };
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState, backend });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-email')).toHaveTextContent('admin@example.com');
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  });
});
