// Quiet renewal, and a refused token ending the session from any port.
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { authUrl, demoAdmin } from '../../../mocks/session.handlers';
import { config } from '../../../jest/env.mock';
import { requestJson } from '../../api/http';
import { createLocalAuth, RENEW_WHEN_LEFT_MS } from './localAuth';
import { TOKEN_STORAGE_KEY } from './tokenStore';

const makeAuth = () => createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000 });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeEach(() => window.localStorage.clear());

function signInAnswering(expiresAt: string) {
  server.use(http.post(authUrl('sign-in'), () => HttpResponse.json({ token: demoAdmin.token, expiresAt, account: demoAdmin.account })));
}

describe('quiet renewal', () => {
  it('renews a token in its second half on the next request, once, and keeps the account as it is', async () => {
    signInAnswering(inMinutes(RENEW_WHEN_LEFT_MS / 60_000 - 1));
    let renewals = 0;
    server.use(
      http.post(authUrl('renew'), ({ request }) => {
        renewals += 1;
        expect(request.headers.get('Authorization')).toBe(`Bearer ${demoAdmin.token}`);
        return HttpResponse.json({ token: 'renewed-token', expiresAt: inMinutes(30) });
      }),
    );
    const auth = makeAuth();
    await auth.ready;
    await auth.signIn('admin@babynames.test', 'admin-demo-password');
    const seen: unknown[] = [];
    auth.observeAccount((account) => seen.push(account));
    const [a, b] = await Promise.all([auth.getIdToken(), auth.getIdToken()]);
    expect([a, b]).toEqual(['renewed-token', 'renewed-token']);
    expect(renewals).toBe(1);
    expect(JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY)!).token).toBe('renewed-token');
    expect(seen).toEqual([demoAdmin.account]); // the observer's first call only: no sign-in/out flicker
  });

  it('leaves a fresh token alone', async () => {
    signInAnswering(inMinutes(29));
    let renewals = 0;
    server.use(http.post(authUrl('renew'), () => ((renewals += 1), HttpResponse.json({ token: 'x', expiresAt: inMinutes(30) }))));
    const auth = makeAuth();
    await auth.signIn('admin@babynames.test', 'admin-demo-password');
    expect(await auth.getIdToken()).toBe(demoAdmin.token);
    expect(renewals).toBe(0);
  });
});

describe('a refused token ends the session', () => {
  it('a 401 on any request carrying the current token reports the server’s reason', async () => {
    signInAnswering(inMinutes(29));
    const auth = makeAuth();
    await auth.signIn('admin@babynames.test', 'admin-demo-password');
    const reasons: string[] = [];
    auth.observeSessionEnded!((reason) => reasons.push(reason));
    server.use(
      http.get(`${config.apiBaseUrl}/probe`, () =>
        HttpResponse.json({ error: 'unauthorized', message: 'This session was signed out.' }, { status: 401 }),
      ),
    );
    await expect(requestJson(`${config.apiBaseUrl}/probe`, { token: demoAdmin.token, timeoutMs: 5_000 })).rejects.toMatchObject({
      status: 401,
    });
    expect(reasons).toEqual(['This session was signed out.']);
  });

  it('a 401 for some other token (an old one) does not end this session', async () => {
    signInAnswering(inMinutes(29));
    const auth = makeAuth();
    await auth.signIn('admin@babynames.test', 'admin-demo-password');
    const reasons: string[] = [];
    auth.observeSessionEnded!((reason) => reasons.push(reason));
    server.use(http.get(`${config.apiBaseUrl}/probe`, () => HttpResponse.json({ error: 'unauthorized', message: 'no' }, { status: 401 })));
    await expect(requestJson(`${config.apiBaseUrl}/probe`, { token: 'an-old-token', timeoutMs: 5_000 })).rejects.toMatchObject({
      status: 401,
    });
    expect(reasons).toEqual([]);
  });
});
