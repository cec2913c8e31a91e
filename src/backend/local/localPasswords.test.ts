// The password links and one's own password change over the reference backend's /auth routes (msw:
// mocks/operators.handlers.ts), with the real local auth port keeping the session.
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { demoAdmin, FIXTURE_EXPIRES_AT } from '../../../mocks/session.handlers';
import { CURRENT_PASSWORD, LINK_NOT_VALID, operatorsDb, TOKEN_AFTER_PASSWORD_CHANGE } from '../../../mocks/operators.handlers';
import { config } from '../../../jest/env.mock';
import { requestJson } from '../../api/http';
import { createLocalAuth } from './localAuth';
import { createLocalBackend } from './localBackend';
import { createLocalPasswords } from './localPasswords';
import { TOKEN_STORAGE_KEY } from './tokenStore';

const stored = () => JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');

async function signedIn() {
  const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000 });
  await auth.ready;
  await auth.signIn('admin@babynames.test', 'admin-demo-password');
  const ended: string[] = [];
  auth.observeSessionEnded!((reason) => ended.push(reason));
  const passwords = createLocalPasswords({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000, auth });
  return { auth, passwords, ended };
}

beforeEach(() => {
  window.localStorage.clear();
  operatorsDb.reset();
});

describe('local account passwords', () => {
  it('a password change sends the current session and keeps the fresh token it answers, stored for a reload', async () => {
    const { auth, passwords, ended } = await signedIn();
    await passwords.changePassword({ currentPassword: CURRENT_PASSWORD, newPassword: 'a-brand-new-passphrase' });
    expect(operatorsDb.passwordChanges[0]!.authorization).toBe(`Bearer ${demoAdmin.token}`);
    expect(await auth.getIdToken()).toBe(TOKEN_AFTER_PASSWORD_CHANGE);
    expect(stored()).toEqual({ token: TOKEN_AFTER_PASSWORD_CHANGE, expiresAt: FIXTURE_EXPIRES_AT });
    expect(auth.currentAccount()).toEqual(demoAdmin.account);
    expect(ended).toEqual([]);
  });

  it("a wrong current password is the server's 401 with its reason, and the session goes on", async () => {
    const { auth, passwords, ended } = await signedIn();
    await expect(passwords.changePassword({ currentPassword: 'not-the-one', newPassword: 'a-brand-new-passphrase' })).rejects.toMatchObject(
      {
        status: 401,
        message: 'The current password is not correct',
      },
    );
    expect(ended).toEqual([]);
    expect(await auth.getIdToken()).toBe(demoAdmin.token);
  });

  it('any other 401 still ends the session: only the password change reads its 401 as being about the password', async () => {
    const { ended } = await signedIn();
    server.use(http.get('*/api/anything', () => HttpResponse.json({ error: 'unauthorized', message: 'Session ended' }, { status: 401 })));
    await expect(requestJson('http://localhost/api/anything', { token: demoAdmin.token, timeoutMs: 10_000 })).rejects.toThrow();
    expect(ended).toEqual(['Session ended']);
  });

  it('inspects and redeems a link without a session, and passes on the one 404 of a link that cannot be used', async () => {
    const { passwords } = await signedIn();
    const token = operatorsDb.invite('new.person@example.com');
    expect(await passwords.inspectLink(token)).toEqual({ kind: 'invite', email: 'new.person@example.com', expiresAt: expect.any(String) });
    const requests: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => requests.push(request.headers.get('Authorization')));
    await passwords.redeemLink({ token, password: 'long-enough-password', displayName: 'New Person' });
    server.events.removeAllListeners();
    expect(requests).toEqual([null]);
    await expect(passwords.inspectLink(token)).rejects.toMatchObject({ status: 404, message: LINK_NOT_VALID });
  });

  it('is part of the local backend, its adapter loaded on first use', async () => {
    const backend = createLocalBackend(config);
    const token = operatorsDb.invite('lazy@example.com');
    await expect(backend.accountPasswords!.inspectLink(token)).resolves.toMatchObject({ email: 'lazy@example.com' });
  });

  it('refuses a password change without a session, before asking the server', async () => {
    const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000 });
    await auth.ready;
    const passwords = createLocalPasswords({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000, auth });
    await expect(passwords.changePassword({ currentPassword: 'x', newPassword: 'a-brand-new-passphrase' })).rejects.toMatchObject({
      status: 401,
    });
    expect(operatorsDb.passwordChanges).toEqual([]);
  });
});

it('a token adopted after sign-out is ignored', async () => {
  const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000 });
  await auth.ready;
  auth.adoptToken({ token: 'late', expiresAt: FIXTURE_EXPIRES_AT });
  expect(await auth.getIdToken()).toBeNull();
  expect(stored()).toBeNull();
});
