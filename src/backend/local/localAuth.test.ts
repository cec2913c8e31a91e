import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { authUrl, demoAdmin, demoUser, FIXTURE_EXPIRES_AT } from '../../../mocks/session.handlers';
import { config } from '../../../jest/env.mock';
import { createLocalAuth } from './localAuth';
import { createLocalBackend } from './localBackend';
import { TOKEN_STORAGE_KEY } from './tokenStore';

const makeAuth = () => createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000 });
const stored = () => JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');

beforeEach(() => window.localStorage.clear());

describe('local auth adapter', () => {
  it('signs in, keeps the token in localStorage and tells observers', async () => {
    const auth = makeAuth();
    await auth.ready;
    const seen: unknown[] = [];
    auth.observeAccount((a) => seen.push(a));
    const account = await auth.signIn('admin@babynames.test', 'admin-demo-password');
    expect(account).toEqual(demoAdmin.account);
    expect(stored()).toEqual({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT });
    expect(await auth.getIdToken()).toBe(demoAdmin.token);
    expect(seen).toEqual([null, demoAdmin.account]);
  });

  it('a 401 from sign-in is a failure and stores nothing', async () => {
    const auth = makeAuth();
    await expect(auth.signIn('admin@babynames.test', 'nope')).rejects.toThrow('Invalid email or password');
    expect(stored()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
  });

  it('a rate-limited sign-in is a failure too', async () => {
    server.use(
      http.post(authUrl('sign-in'), () => HttpResponse.json({ error: 'rate_limited', message: 'Too many attempts' }, { status: 429 })),
    );
    await expect(makeAuth().signIn('admin@babynames.test', 'admin-demo-password')).rejects.toMatchObject({ status: 429 });
  });

  it('after a reload the stored token is checked with GET /account (Bearer) and the session restored', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT }));
    const headers: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/auth/account')) headers.push(request.headers.get('Authorization'));
    });
    const auth = makeAuth();
    const first = await new Promise((resolve) => auth.observeAccount(resolve));
    expect(first).toEqual(demoAdmin.account);
    expect(headers).toEqual([`Bearer ${demoAdmin.token}`]);
    server.events.removeAllListeners();
  });

  it('a stored token the server rejects (401) is forgotten', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: 'stale', expiresAt: FIXTURE_EXPIRES_AT }));
    const auth = makeAuth();
    const first = await new Promise((resolve) => auth.observeAccount(resolve));
    expect(first).toBeNull();
    expect(stored()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
  });

  it('says whether a session is kept, an unexpired token stored, before the server is asked', () => {
    expect(makeAuth().hasKeptSession()).toBe(false);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: '2000-01-01T00:00:00Z' }));
    expect(makeAuth().hasKeptSession()).toBe(false);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT }));
    expect(makeAuth().hasKeptSession()).toBe(true);
  });

  it('an expired stored token is not even sent', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: '2000-01-01T00:00:00Z' }));
    const auth = makeAuth();
    await auth.ready;
    expect(auth.currentAccount()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('keeps the token when the server cannot be reached at start (a later reload may succeed)', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT }));
    server.use(http.get(authUrl('account'), () => HttpResponse.error()));
    const auth = makeAuth();
    await auth.ready;
    expect(auth.currentAccount()).toBeNull();
    expect(stored()).toEqual({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT });
    expect(auth.restoreProblem()).toMatch(
      /^The server cannot be reached .*Your session is kept: reload this page once the server is back\.$/,
    );
  });

  it('says the database is unreachable when the start check answers 503', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT }));
    server.use(
      http.get(authUrl('account'), () => HttpResponse.json({ error: 'unavailable', message: 'Database unavailable' }, { status: 503 })),
    );
    const auth = makeAuth();
    await auth.ready;
    expect(auth.restoreProblem()).toBe(
      'The server cannot reach its database (Database unavailable). Your session is kept: reload this page once the server is back.',
    );
  });

  it("does not repeat itself when the server's 503 already says it cannot reach its database", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: demoAdmin.token, expiresAt: FIXTURE_EXPIRES_AT }));
    server.use(
      http.get(authUrl('account'), () =>
        HttpResponse.json(
          { error: 'database_unavailable', message: 'The server cannot reach its database (connection refused).' },
          { status: 503 },
        ),
      ),
    );
    const auth = makeAuth();
    await auth.ready;
    expect(auth.restoreProblem()).toBe(
      'The server cannot reach its database (connection refused). Your session is kept: reload this page once the server is back.',
    );
  });

  it('signs out: token forgotten, observers told, server told with the token', async () => {
    let signOutAuth: string | null = 'not called';
    server.use(
      http.post(authUrl('sign-out'), ({ request }) => {
        signOutAuth = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const auth = makeAuth();
    await auth.signIn('admin@babynames.test', 'admin-demo-password');
    const seen: unknown[] = [];
    auth.observeAccount((a) => seen.push(a));
    await auth.signOut();
    expect(seen).toEqual([demoAdmin.account, null]);
    expect(stored()).toBeNull();
    expect(signOutAuth).toBe(`Bearer ${demoAdmin.token}`);
  });
});

describe('local user records', () => {
  it("reads the signed-in account's own record from /auth/record, others from /api/users/:uid", async () => {
    const backend = createLocalBackend(config);
    await backend.auth.signIn('user@babynames.test', 'user-demo-password');
    expect(await backend.userRecords.readUserRecord('user-1')).toMatchObject({ uid: 'user-1', isAdmin: false });
    let asked = '';
    server.use(
      http.get(`${config.apiBaseUrl}/users/:uid`, ({ params, request }) => {
        asked = `${String(params.uid)} ${request.headers.get('Authorization')}`;
        return HttpResponse.json({ error: 'not_found', message: 'No such user' }, { status: 404 });
      }),
    );
    expect(await backend.userRecords.readUserRecord('someone else')).toBeNull();
    expect(asked).toBe(`someone else Bearer ${demoUser.token}`);
  });

  it('a failing read rejects with the reason', async () => {
    server.use(http.get(authUrl('record'), () => HttpResponse.json({ error: 'boom', message: 'Database unavailable' }, { status: 500 })));
    const backend = createLocalBackend(config);
    await backend.auth.signIn('admin@babynames.test', 'admin-demo-password');
    await expect(backend.userRecords.readUserRecord('admin-1')).rejects.toThrow('Database unavailable');
  });
});
