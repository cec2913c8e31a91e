import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { CURRENT_CODE, FAKE_SECRET, mfaDb } from '../../../mocks/fakeMfa';
import { CURRENT_PASSWORD, operatorsDb } from '../../../mocks/operators.handlers';
import { renderRoutes, signedInAdminState } from '../../../mocks/renderWithProviders';
import { AppLayout } from '../../app/layout/AppLayout';
import { WRONG_CODE } from '../../components/mfa/codeRefusal';
import { SAVED_LABEL } from '../../components/mfa/RecoveryCodesPanel';
import { MFA_OFF, MFA_ON, RECOVERY_CODES_RENEWED } from './accountApi';
import { REQUIRED_EXPLANATION } from './TwoFactorDialog';

jest.setTimeout(60_000);

const routes: RouteObject[] = [{ element: <AppLayout />, children: [{ path: '/dashboard', element: <h1>Dashboard page</h1> }] }];
const ADMIN = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };

beforeEach(() => {
  mfaDb.reset();
  operatorsDb.reset();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Account: admin@example.com' }));
  await user.click(screen.getByRole('menuitem', { name: 'Two-factor sign-in' }));
  return screen.findByRole('dialog', { name: 'Two-factor sign-in' });
}
const codeField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Code from your authenticator app/ });
const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Two-factor sign-in from the account menu', () => {
  it('sets it up: the key, a code, the recovery codes kept on screen until saved; the session goes on with the fresh token', async () => {
    const user = userEvent.setup();
    const { backend, store } = renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('Off')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));

    expect(await within(dialog).findByRole('img', { name: /QR code for your authenticator app/ })).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(codeField(dialog), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(describedBy(codeField(dialog))).toBe(WRONG_CODE));
    await user.clear(codeField(dialog));
    await user.type(codeField(dialog), CURRENT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(MFA_ON)).toBeInTheDocument();
    const codes = mfaDb.accounts.get('admin-1')!.recoveryCodes;
    expect(
      within(within(dialog).getByTestId('recovery-codes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(backend.token).toBe('token-mfa-1');
    expect(mfaDb.calls.map((c) => [c.route, c.body, c.authorization])).toEqual([
      ['POST /auth/mfa/enrolment', {}, 'Bearer fake-token'],
      ['POST /auth/mfa/enrolment/confirm', { code: '000000' }, 'Bearer fake-token'],
      ['POST /auth/mfa/enrolment/confirm', { code: CURRENT_CODE }, 'Bearer fake-token'],
    ]);

    // Shown once: Escape does not close them away, and Done waits for the checkbox.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: SAVED_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await within(dialog).findByText('On')).toBeInTheDocument();
    expect(within(dialog).getByTestId('codes-left')).toHaveTextContent('10 recovery codes left.');
    expect(store.getState().session.status).toBe('signedIn');
    expect(FAKE_SECRET).toMatch(/^JBSW/);
  });

  it('makes new recovery codes for a current code; the old ones stop working', async () => {
    const old = mfaDb.turnOn(ADMIN);
    mfaDb.accounts.get('admin-1')!.recoveryCodes = old.slice(0, 2);
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    expect(await within(dialog).findByTestId('codes-left')).toHaveTextContent('2 recovery codes left. Make new ones before they run out.');
    await user.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    await user.type(codeField(dialog), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(describedBy(codeField(dialog))).toBe(WRONG_CODE));
    await user.clear(codeField(dialog));
    await user.type(codeField(dialog), CURRENT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByText(RECOVERY_CODES_RENEWED)).toBeInTheDocument();
    const shown = within(within(dialog).getByTestId('recovery-codes'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(shown).toEqual(mfaDb.accounts.get('admin-1')!.recoveryCodes);
    expect(shown).not.toContain(old[0]);
    await user.click(within(dialog).getByRole('checkbox', { name: SAVED_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByTestId('codes-left')).toHaveTextContent('10 recovery codes left.');
  });

  it('turns it off for the current password; a wrong one is said under the field', async () => {
    mfaDb.turnOn(ADMIN);
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off' }));
    const password = within(dialog).getByLabelText(/^Current password/);
    await user.type(password, 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(describedBy(password)).toBe('The current password is not correct'));

    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(MFA_OFF)).toBeInTheDocument();
    expect(await within(dialog).findByText('Off')).toBeInTheDocument();
    expect(mfaDb.accounts.get('admin-1')!.enabled).toBe(false);
  });

  it('cannot be turned off where the server requires it, and says why', async () => {
    mfaDb.turnOn(ADMIN);
    mfaDb.required = true;
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState });
    const dialog = await openDialog(user);
    const off = await within(dialog).findByRole('button', { name: 'Turn off' });
    expect(off).toBeDisabled();
    expect(off).toHaveAccessibleDescription(REQUIRED_EXPLANATION);
  });

  it("is not offered where the backend's port says it has none (Firebase mode's: backend/firebase/firebaseMfa.ts)", async () => {
    const backend = createFakeBackend({ signedIn: ADMIN });
    backend.records.set(ADMIN.uid, makeUserRecord({ ...ADMIN, isAdmin: true }));
    backend.accountMfa = { ...backend.accountMfa!, available: false };
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/dashboard', preloadedState: signedInAdminState, backend });
    await user.click(await screen.findByRole('button', { name: 'Account: admin@example.com' }));
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
  });
});
