// The login route's second step with the real adapters: the local auth port and the two-factor port over the msw
// routes (session.handlers.ts, mfa.handlers.ts), the app's own routes, and the fake's user records.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHttpAuthBackend, makeUserRecord } from '../../../../mocks/fakeBackend';
import { CURRENT_CODE, FAKE_SECRET, mfaDb } from '../../../../mocks/fakeMfa';
import { renderRoutes } from '../../../../mocks/renderWithProviders';
import { demoAdmin } from '../../../../mocks/session.handlers';
import { routes } from '../../../app/routes';
import { RECOVERY_CODES_FILE, SAVED_LABEL } from '../../../components/mfa/RecoveryCodesPanel';
import { SECOND_STEP_ENDED } from './secondStepSaga';
import { WRONG_CODE, WRONG_RECOVERY_CODE } from '../../../components/mfa/codeRefusal';

jest.setTimeout(60_000);

function backend() {
  const made = createHttpAuthBackend();
  made.records.set(demoAdmin.account.uid, makeUserRecord({ ...demoAdmin.account, isAdmin: true }));
  return made;
}

async function password(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/email/i), demoAdmin.account.email!);
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), demoAdmin.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const codeField = () => screen.getByRole('textbox', { name: /Code from your authenticator app/ });
/** The text the field's aria-describedby points at: its hint, or why it was refused. */
const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  mfaDb.reset();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('signing in with two-factor on', () => {
  beforeEach(() => {
    mfaDb.turnOn(demoAdmin.account);
  });

  it('asks for the code after the password: a wrong one is said under the field, the right one opens the console', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`Enter the code your authenticator app shows for ${demoAdmin.account.email}.`)).toBeInTheDocument();
    const field = codeField();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();
    expect(field).toBeRequired();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Two-factor sign-in/);

    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(describedBy(field)).toBe('Enter the 6 digits your app shows.');
    expect(mfaDb.calls).toEqual([]);

    await user.clear(field);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(describedBy(codeField())).toBe(WRONG_CODE));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(codeField());
    await user.type(codeField(), CURRENT_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(mfaDb.calls.map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: CURRENT_CODE },
    ]);
  });

  it('takes a recovery code instead, as typed (lower case, a space for the dash), and uses it up', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: /Recovery code/ });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'off');

    await user.type(field, 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(describedBy(screen.getByRole('textbox', { name: /Recovery code/ }))).toBe(WRONG_RECOVERY_CODE));

    const [code] = mfaDb.accounts.get('admin-1')!.recoveryCodes;
    await user.clear(field);
    await user.type(field, code.replace('-', ' ').toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(mfaDb.calls.at(-1)?.body).toEqual({ challenge: 'challenge-1', recoveryCode: code });
    expect(mfaDb.accounts.get('admin-1')!.recoveryCodes).toHaveLength(9);
  });

  it('an expired challenge goes back to the password step with the reason, the email kept', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    mfaDb.challenges.clear();
    await user.type(codeField(), CURRENT_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(SECOND_STEP_ENDED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText(/email/i)).toHaveValue(demoAdmin.account.email);
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('too many codes: the wait the server gives is said under the field', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    mfaDb.lockedForSeconds = 45;
    await user.type(codeField(), CURRENT_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(describedBy(codeField())).toBe('Too many code attempts. Try again in 45 seconds.'));
  });

  it('Back to sign-in shows the password form as it was left', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText(/email/i)).toHaveValue(demoAdmin.account.email);
    expect(document.title).toMatch(/^Admin Login/);
  });
});

describe('signing in where two-factor is required and not yet set up', () => {
  beforeEach(() => {
    mfaDb.required = true;
  });

  it('sets it up before anything else: QR code, the key to type, a code, then the recovery codes, then the console', async () => {
    const user = userEvent.setup();
    // user-event's clipboard stub stands in for the browser's (read back through a spy: jsdom cannot read its Blobs).
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:recovery-codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: { download: string; href: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const { router } = renderRoutes(routes, { route: '/login', backend: backend() });
    await password(user);

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: /QR code for your authenticator app/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(copied).toHaveBeenLastCalledWith(FAKE_SECRET);
    expect(screen.getByText('Key copied.')).toBeInTheDocument();
    expect(mfaDb.calls[0]).toEqual({ route: 'POST /auth/mfa/enrolment', body: { challenge: 'challenge-1' }, authorization: null });

    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(describedBy(codeField())).toBe(WRONG_CODE));
    await user.clear(codeField());
    await user.type(codeField(), CURRENT_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    const codes = mfaDb.accounts.get('admin-1')!.recoveryCodes;
    const list = screen.getByRole('list', { name: /10 recovery codes/ });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    // The console is not open yet: nobody is signed in until the codes are saved.
    expect(router.state.location.pathname).toBe('/login');
    const go = screen.getByRole('button', { name: 'Continue to the console' });
    expect(go).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(copied).toHaveBeenLastCalledWith(codes.join('\n'));
    expect(screen.getByText('Recovery codes copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked).toEqual([{ download: RECOVERY_CODES_FILE, href: 'blob:recovery-codes' }]);
    const text = await createObjectURL.mock.calls[0][0].text();
    expect(text).toContain(`recovery codes for ${demoAdmin.account.email}`);
    for (const code of codes) expect(text).toContain(`\n${code}\n`);

    await user.click(screen.getByRole('checkbox', { name: SAVED_LABEL }));
    await user.click(go);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(mfaDb.accounts.get('admin-1')!.enabled).toBe(true);
  });
});
