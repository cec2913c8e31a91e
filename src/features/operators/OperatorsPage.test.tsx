import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeUserRecord } from '../../../mocks/fakeBackend';
import { LAST_ADMIN_REASON, linkToken, makeOperator, operatorsDb } from '../../../mocks/operators.handlers';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import OperatorsPage from './OperatorsPage';
import { LAST_ACTIVE_ADMIN_REASON, NO_PASSWORD_YET } from './operatorText';
import { NO_INVITES_TEXT } from './components/InvitesTable';

// The DataGrid in jsdom is slow on a busy machine.
jest.setTimeout(120_000);

beforeEach(() => operatorsDb.reset());

function renderPage() {
  return renderWithProviders(<OperatorsPage />, { route: '/operators', preloadedState: signedInAdminState });
}

/** An operator's row by uid (the grid's data-id): role queries over a whole grid are slow in jsdom. */
async function row(uid: string) {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(`[role="row"][data-id="${uid}"]`);
    if (!element) throw new Error(`No row for ${uid}`);
    return element;
  });
}
const noRow = (uid: string) => document.querySelector(`[role="row"][data-id="${uid}"]`) === null;
const invitations = () => screen.getByRole('region', { name: 'Open invitations' });

describe('Operators', () => {
  it('lists the admins (status, last sign-in in UTC, two-factor, password) and the open invitations', async () => {
    renderPage();
    expect(await screen.findByText('3 operators, 3 active')).toBeInTheDocument();
    expect(document.title).toMatch(/^Operators/);

    const own = await row('admin-1');
    expect(own).toHaveTextContent('Demo Admin (you)');
    expect(own).toHaveTextContent('admin@example.com');
    expect(within(own).getByText('Active')).toBeInTheDocument();
    expect(own).toHaveTextContent('27 Nov 2026, 09:15:04');
    expect(within(own).getByText('On')).toBeInTheDocument();
    expect(own).toHaveTextContent('Set');

    const invited = await row('op-new');
    expect(invited).toHaveTextContent('new.admin@example.com');
    expect(invited).toHaveTextContent('Never');
    expect(within(invited).getByText('Off')).toBeInTheDocument();
    expect(invited).toHaveTextContent(NO_PASSWORD_YET);
    expect(screen.getByRole('columnheader', { name: /Last sign-in \(UTC\)/ })).toBeInTheDocument();

    const table = within(invitations()).getByRole('table', { name: 'Open invitations' });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('pending@example.com');
    expect(first).toHaveTextContent('admin@example.com');
    expect(first).toHaveTextContent('28 Nov 2026, 10:00:00');
    expect(within(first!).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('shows a deactivated operator as such', async () => {
    operatorsDb.operators.set('op-rosa', makeOperator({ uid: 'op-rosa', displayName: 'Rosa Ops', accountActive: false }));
    renderPage();
    expect(await screen.findByText('3 operators, 2 active')).toBeInTheDocument();
    expect(within(await row('op-rosa')).getByText('Deactivated')).toBeInTheDocument();
  });

  it('invites an operator: the e-mail is checked, then the link is shown once with Copy, its expiry and how to hand it over', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite operator' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Make invitation link' }));
    expect(within(dialog).getByText('This is not an e-mail address.')).toBeInTheDocument();
    expect(operatorsDb.calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'Lena@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Make invitation link' }));

    const linkDialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    const url = `${window.location.origin}/set-password#token=${linkToken(2)}`;
    expect(within(linkDialog).getByTestId('one-time-link')).toHaveValue(url);
    expect(linkDialog).toHaveTextContent('Send this link to lena@example.com');
    expect(linkDialog).toHaveTextContent('This link is shown only once: copy it now.');
    expect(linkDialog).toHaveTextContent('It works once and is valid for 24 hours, until 28 Nov 2026, 10:00:00 UTC.');
    expect(linkDialog).toHaveTextContent('There is no e-mail: send it yourself');

    // user-event's clipboard stub (reading it back trips over jsdom's Blob here)
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(linkDialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(linkDialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await user.click(within(linkDialog).getByRole('button', { name: 'Done' }));
    // The new invitation is listed (the list was fetched again).
    // (behind the closing dialog the page is hidden from assistive technology until its transition ends)
    await waitFor(() => expect(within(invitations()).getByText('lena@example.com')).toBeInTheDocument());
  });

  it("keeps the typed address and shows the server's refusal of an invitation, in the dialog and as a toast", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite operator' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite operator' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'rosa@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Make invitation link' }));
    expect(await within(dialog).findByText('rosa@example.com is already an operator')).toBeInTheDocument();
    expect(await screen.findByText('Failed to invite rosa@example.com: rosa@example.com is already an operator')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /E-mail address/ })).toHaveValue('rosa@example.com');
  });

  it('revokes admin after a confirmation that says the operator is signed out everywhere and can no longer sign in', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('op-rosa')).getByRole('button', { name: 'Revoke admin' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke admin from Rosa Ops?' });
    expect(confirm).toHaveTextContent('Rosa Ops is signed out everywhere and can no longer sign in to the console.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke admin' }));
    expect(await screen.findByText('Admin revoked from Rosa Ops: they are signed out everywhere.')).toBeInTheDocument();
    expect(operatorsDb.calls).toContain('POST /api/admin/operators/op-rosa/revoke');
    await waitFor(() => expect(noRow('op-rosa')).toBe(true));
  });

  it('warns an operator revoking their own admin that they are signed out at once', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('admin-1')).getByRole('button', { name: 'Revoke admin' }));
    expect(screen.getByRole('dialog', { name: 'Revoke admin from Demo Admin?' })).toHaveTextContent(
      'This is your own account: you will be signed out at once.',
    );
  });

  it("disables Revoke on the last active admin and says why; the deactivated admins' stays", async () => {
    operatorsDb.operators = new Map([
      ['admin-1', makeOperator({ uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' })],
      ['op-old', makeOperator({ uid: 'op-old', displayName: 'Old Ops', accountActive: false })],
    ]);
    renderPage();
    const own = await row('admin-1');
    const revoke = within(own).getByRole('button', { name: 'Revoke admin' });
    expect(revoke).toBeDisabled();
    expect(revoke).toHaveAccessibleDescription(LAST_ACTIVE_ADMIN_REASON);
    expect(within(await row('op-old')).getByRole('button', { name: 'Revoke admin' })).toBeEnabled();
  });

  it("shows the server's 409 when a revoke is refused after all (another admin deactivated meanwhile)", async () => {
    server.use(
      http.post('*/api/admin/operators/:uid/revoke', () =>
        HttpResponse.json({ error: 'conflict', message: LAST_ADMIN_REASON }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('op-rosa')).getByRole('button', { name: 'Revoke admin' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke admin from Rosa Ops?' })).getByRole('button', { name: 'Revoke admin' }),
    );
    expect(await screen.findByText(`Failed to revoke admin from Rosa Ops: ${LAST_ADMIN_REASON}`)).toBeInTheDocument();
    expect(await row('op-rosa')).toBeInTheDocument();
  });

  it('makes a password-reset link after saying what it does, and shows it the same way', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('op-rosa')).getByRole('button', { name: 'Reset password' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset the password of Rosa Ops?' });
    expect(confirm).toHaveTextContent('one-time link with which Rosa Ops sets a new password');
    expect(confirm).toHaveTextContent('signs Rosa Ops out everywhere');
    await user.click(within(confirm).getByRole('button', { name: 'Make reset link' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Password-reset link' });
    expect(within(linkDialog).getByTestId('one-time-link')).toHaveValue(`${window.location.origin}/set-password#token=${linkToken(2)}`);
    expect(linkDialog).toHaveTextContent('Send this link to rosa@example.com');
    expect(linkDialog).toHaveTextContent('valid for 24 hours');
  });

  it('shows a whole link made elsewhere as it is (Firebase Auth), without the console’s 24 hours', async () => {
    server.use(
      http.post('*/api/admin/operators/:uid/reset-password', () =>
        HttpResponse.json(
          {
            kind: 'reset',
            email: 'rosa@example.com',
            token: null,
            url: 'https://example.firebaseapp.com/__/auth/action?oobCode=abc',
            expiresAt: null,
          },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('op-rosa')).getByRole('button', { name: 'Reset password' }));
    await user.click(within(screen.getByRole('dialog', { name: /Reset the password/ })).getByRole('button', { name: 'Make reset link' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Password-reset link' });
    expect(within(linkDialog).getByTestId('one-time-link')).toHaveValue('https://example.firebaseapp.com/__/auth/action?oobCode=abc');
    expect(linkDialog).toHaveTextContent('Firebase Auth decides how long it stays valid');
  });

  it('withdraws an invitation after a confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await within(invitations()).findByRole('button', { name: 'Withdraw' }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw the invitation?' });
    expect(confirm).toHaveTextContent('The invitation for pending@example.com is withdrawn: its link stops working.');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation for pending@example.com was withdrawn.')).toBeInTheDocument();
    await waitFor(() => expect(within(invitations()).getByText(NO_INVITES_TEXT)).toBeInTheDocument());
  });

  it('grants admin to a user found by the users search', async () => {
    const user = userEvent.setup();
    const { backend } = renderPage();
    backend.records.set('u-sam', makeUserRecord({ uid: 'u-sam', email: 'sam@example.com', displayName: 'Sam Swiper' }));
    backend.records.set('u-samira', makeUserRecord({ uid: 'u-samira', email: 'samira@example.com', displayName: 'Samira' }));
    await user.click(await screen.findByRole('button', { name: 'Grant admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant admin' });
    await user.type(within(dialog).getByRole('textbox'), 'sam');
    const matches = await within(dialog).findByRole('list', { name: 'Matching users' });
    expect(within(dialog).getByRole('button', { name: 'Grant admin' })).toBeDisabled();
    await user.click(within(matches).getByText('Sam Swiper'));
    await user.click(within(dialog).getByRole('button', { name: 'Grant admin to Sam Swiper' }));
    expect(await screen.findByText('Admin granted to Sam Swiper.')).toBeInTheDocument();
    expect(operatorsDb.calls).toContain('POST /api/admin/operators/u-sam/grant');
    expect(await row('u-sam')).toHaveTextContent('sam@example.com');
  });

  it("grants by a uid typed in full when the search finds no one, and shows the server's 404", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Grant admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant admin' });
    await user.type(within(dialog).getByRole('textbox'), 'nobody-here');
    await user.click(await within(dialog).findByRole('button', { name: 'Grant admin to nobody-here' }));
    expect(await within(dialog).findByText('No user record with the uid nobody-here')).toBeInTheDocument();
    expect(await screen.findByText('Failed to grant admin to nobody-here: No user record with the uid nobody-here')).toBeInTheDocument();
  });

  it("resets another operator's two-factor sign-in after saying what it does; the row shows it off", async () => {
    operatorsDb.operators.set('op-rosa', { ...operatorsDb.operators.get('op-rosa')!, mfaEnabled: true });
    const user = userEvent.setup();
    renderPage();
    const rosa = await row('op-rosa');
    // Only on operators with two-factor on, and not on one's own (the account menu has that).
    expect(within(await row('admin-1')).getByText('On')).toBeInTheDocument();
    expect(within(await row('admin-1')).queryByRole('button', { name: /^Reset two-factor/ })).not.toBeInTheDocument();
    expect(within(await row('op-new')).queryByRole('button', { name: /^Reset two-factor/ })).not.toBeInTheDocument();

    await user.click(within(rosa).getByRole('button', { name: 'Reset two-factor of Rosa Ops' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset the two-factor sign-in of Rosa Ops?' });
    expect(confirm).toHaveTextContent(
      "Rosa Ops's two-factor sign-in is turned off and their recovery codes stop working: Rosa Ops signs in with the password alone until they set it up again",
    );
    expect(confirm).toHaveTextContent('their sessions end.');
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));

    expect(await screen.findByText('Two-factor sign-in reset for Rosa Ops: their sessions ended.')).toBeInTheDocument();
    expect(operatorsDb.calls).toContain('POST /api/admin/operators/op-rosa/reset-mfa');
    await waitFor(async () => expect(within(await row('op-rosa')).getByText('Off')).toBeInTheDocument());
    expect(within(await row('op-rosa')).queryByRole('button', { name: /^Reset two-factor/ })).not.toBeInTheDocument();
  });

  it('says why a two-factor reset failed, in a toast', async () => {
    operatorsDb.operators.set('op-rosa', { ...operatorsDb.operators.get('op-rosa')!, mfaEnabled: true });
    server.use(
      http.post('*/api/admin/operators/:uid/reset-mfa', () =>
        HttpResponse.json({ error: 'not_found', message: 'op-rosa is not an operator' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('op-rosa')).getByRole('button', { name: 'Reset two-factor of Rosa Ops' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('Failed to reset two-factor sign-in for Rosa Ops: op-rosa is not an operator')).toBeInTheDocument();
  });

  it('hides what the stack cannot do', async () => {
    operatorsDb.capabilities = { invite: false, resetPassword: false, grant: false, resetMfa: false };
    operatorsDb.operators.set('op-rosa', { ...operatorsDb.operators.get('op-rosa')!, mfaEnabled: true });
    renderPage();
    await row('admin-1');
    expect(within(await row('op-rosa')).queryByRole('button', { name: /^Reset two-factor/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite operator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Open invitations' })).not.toBeInTheDocument();
  });

  it('says when the API has no operator routes, with Retry', async () => {
    server.use(
      http.get('*/api/admin/operators', () => HttpResponse.json({ error: 'not_found', message: 'Route not found' }, { status: 404 })),
    );
    renderPage();
    expect(await screen.findByText(/Failed to load operators: Route not found \(this API has no operator routes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
