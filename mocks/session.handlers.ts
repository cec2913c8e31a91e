// msw handlers answering like the reference backend's /auth endpoints, with two fixture accounts.
import { http, HttpResponse } from 'msw';
import type { UserRecord } from '../contract/schemas/usersAudit';
import type { AuthAccount, SignInResponse } from '../contract/schemas/auth';
import { config } from '../jest/env.mock';
import { checkedRequest } from './contract';
import { makeUserRecord } from './fakeBackend';
import { mfaDb } from './fakeMfa';

export const authUrl = (path: string) => `${config.authBaseUrl}/${path}`;

interface FixtureAccount {
  account: AuthAccount;
  password: string;
  token: string;
  record: UserRecord | null;
}

export const demoAdmin: FixtureAccount = {
  account: { uid: 'admin-1', email: 'admin@babynames.test', displayName: 'Demo Admin' },
  password: 'admin-demo-password',
  token: 'token-admin-1',
  record: makeUserRecord({ uid: 'admin-1', email: 'admin@babynames.test', displayName: 'Demo Admin', isAdmin: true }),
};

export const demoUser: FixtureAccount = {
  account: { uid: 'user-1', email: 'user@babynames.test', displayName: 'Demo User' },
  password: 'user-demo-password',
  token: 'token-user-1',
  record: makeUserRecord({ uid: 'user-1', email: 'user@babynames.test', displayName: 'Demo User' }),
};

export const fixtureAccounts = [demoAdmin, demoUser];

/** Far in the future so no expiry timer runs during a test. */
export const FIXTURE_EXPIRES_AT = '2099-01-01T00:00:00.000Z';

function byToken(request: Request): FixtureAccount | undefined {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  return fixtureAccounts.find((a) => a.token === token);
}

const unauthorized = () => HttpResponse.json({ error: 'unauthorized', message: 'Sign in first' }, { status: 401 });

export const sessionHandlers = [
  http.post(authUrl('sign-in'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/sign-in', { request });
    if (checked instanceof Response) return checked;
    const { email, password } = checked.body;
    const match = fixtureAccounts.find((a) => a.account.email === email.toLowerCase() && a.password === password);
    if (!match) return HttpResponse.json({ error: 'invalid_credentials', message: 'Invalid email or password' }, { status: 401 });
    // Two-factor on, or required and not yet set up: a second step instead of a session (mfa.handlers.ts goes on).
    const secondStep = mfaDb.secondStepFor(match.account);
    if (secondStep) return HttpResponse.json<SignInResponse>(secondStep);
    return HttpResponse.json<SignInResponse>({ token: match.token, expiresAt: FIXTURE_EXPIRES_AT, account: match.account });
  }),
  http.get(authUrl('account'), ({ request }) => {
    const match = byToken(request);
    return match ? HttpResponse.json(match.account) : unauthorized();
  }),
  http.get(authUrl('record'), ({ request }) => {
    const match = byToken(request);
    if (!match) return unauthorized();
    return match.record
      ? HttpResponse.json(match.record)
      : HttpResponse.json({ error: 'not_found', message: 'No record' }, { status: 404 });
  }),
  http.post(authUrl('sign-out'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/sign-out', { request });
    return checked instanceof Response ? checked : new HttpResponse(null, { status: 204 });
  }),
];
