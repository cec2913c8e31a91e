// The reference backend's operator routes (contract/operators.ts) for the console's tests: the admins, the open
// invitations and the one-time links in memory, every request checked by its schema (mocks/contract.ts), and the
// answers the server gives (a 409 for the last active admin, one 404 for every link that cannot be used, a 401 for a
// wrong current password). Tests drive the world through `operatorsDb` and read what it was sent.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { LINK_VALID_HOURS, type PasswordLinkKind } from '../contract/operators';
import type { Operator, OperatorInvite, OperatorLink, OperatorsPage, PasswordLinkInfo } from '../contract/schemas/operators';
import type { RenewResponse } from '../contract/schemas/auth';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { checkedRequest } from './contract';
import { authUrl, FIXTURE_EXPIRES_AT } from './session.handlers';
import { mfaDb } from './fakeMfa';

interface FakeLink {
  kind: PasswordLinkKind;
  email: string;
  /** reset: the operator's uid; invite: none until redeemed */
  uid: string | null;
  expiresAt: string;
  used: boolean;
  /** the invitation it belongs to (invites only) */
  inviteId: number | null;
}

/** The operator the console signs in as in these tests (renderWithProviders' signedInAdminState). */
export const SIGNED_IN_OPERATOR = { uid: 'admin-1', email: 'admin@example.com' };
/** What the signed-in operator's current password is here. */
export const CURRENT_PASSWORD = 'the-current-password';
/** The token POST /auth/password answers. */
export const TOKEN_AFTER_PASSWORD_CHANGE = 'token-after-password-change';
export const LINK_NOT_VALID = 'This link is not valid: it has expired, was already used or was withdrawn.';
export const LAST_ADMIN_REASON = 'The last active admin cannot be revoked';

const hours = (n: number) => n * 3_600_000;
/** A link token as the server makes them (43 characters of base64url), numbered so tests can name them. */
export const linkToken = (n: number) => `tok${String(n).padStart(40, '0')}`;

export function makeOperator(overrides: Partial<Operator> & { uid: string }): Operator {
  return {
    email: `${overrides.uid}@example.com`,
    displayName: null,
    accountActive: true,
    lastSignInAt: null,
    mfaEnabled: false,
    hasPassword: true,
    createdAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

export function defaultOperators(): Operator[] {
  return [
    makeOperator({
      uid: 'admin-1',
      email: 'admin@example.com',
      displayName: 'Demo Admin',
      lastSignInAt: '2026-11-27T09:15:04.000Z',
      mfaEnabled: true,
    }),
    makeOperator({ uid: 'op-rosa', email: 'rosa@example.com', displayName: 'Rosa Ops', lastSignInAt: '2026-11-20T16:40:00.000Z' }),
    makeOperator({ uid: 'op-new', email: 'new.admin@example.com', hasPassword: false }),
  ];
}

function notFound(message: string) {
  return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message }, { status: 404 });
}
function conflict(message: string) {
  return HttpResponse.json<ApiErrorBody>({ error: 'conflict', message }, { status: 409 });
}

export const operatorsDb = {
  operators: new Map<string, Operator>(),
  invites: [] as OperatorInvite[],
  /** every link made, by token (the server keeps hashes; the mock may keep the tokens) */
  links: new Map<string, FakeLink>(),
  /** user records that are not operators and may be granted admin: uid -> email */
  users: new Map<string, string>(),
  capabilities: { invite: true, resetPassword: true, grant: true, resetMfa: true } as OperatorsPage['capabilities'],
  /** the signed-in operator's password (POST /auth/password checks against it) */
  currentPassword: CURRENT_PASSWORD,
  /** what the console sent, in order: 'POST /api/admin/operators/op-rosa/revoke', ... */
  calls: [] as string[],
  /** bodies of POST /auth/links/redeem and POST /auth/password, in order */
  redeemed: [] as unknown[],
  passwordChanges: [] as { authorization: string | null; body: unknown }[],
  /** "now" for the links' expiry */
  now: Date.parse('2026-11-27T10:00:00.000Z'),
  nextLink: 1,
  nextInvite: 1,
  reset() {
    operatorsDb.operators = new Map(defaultOperators().map((o) => [o.uid, o]));
    operatorsDb.invites = [];
    operatorsDb.links = new Map();
    operatorsDb.users = new Map([['u-sam', 'sam@example.com']]);
    operatorsDb.capabilities = { invite: true, resetPassword: true, grant: true, resetMfa: true };
    operatorsDb.currentPassword = CURRENT_PASSWORD;
    operatorsDb.calls = [];
    operatorsDb.redeemed = [];
    operatorsDb.passwordChanges = [];
    operatorsDb.nextLink = 1;
    operatorsDb.nextInvite = 1;
    operatorsDb.invite('pending@example.com');
  },
  /** An open invitation made by the signed-in operator; returns its link's token. */
  invite(email: string): string {
    const at = operatorsDb.now;
    const id = operatorsDb.nextInvite++;
    const expiresAt = new Date(at + hours(LINK_VALID_HOURS)).toISOString();
    operatorsDb.invites.unshift({ id, email, createdAt: new Date(at).toISOString(), expiresAt, createdBy: SIGNED_IN_OPERATOR.email });
    return operatorsDb.makeLink({ kind: 'invite', email, uid: null, expiresAt, used: false, inviteId: id });
  },
  makeLink(link: FakeLink): string {
    const token = linkToken(operatorsDb.nextLink++);
    operatorsDb.links.set(token, link);
    return token;
  },
  /** A reset link for an operator, as POST .../reset-password makes it; returns its token. */
  resetLink(uid: string): string {
    const operator = operatorsDb.operators.get(uid)!;
    const expiresAt = new Date(operatorsDb.now + hours(LINK_VALID_HOURS)).toISOString();
    return operatorsDb.makeLink({ kind: 'reset', email: operator.email!, uid, expiresAt, used: false, inviteId: null });
  },
};
operatorsDb.reset();

const activeAdmins = () => [...operatorsDb.operators.values()].filter((o) => o.accountActive);

function usableLink(token: string): FakeLink | null {
  const link = operatorsDb.links.get(token);
  if (!link || link.used || Date.parse(link.expiresAt) <= operatorsDb.now) return null;
  if (link.inviteId !== null && !operatorsDb.invites.some((i) => i.id === link.inviteId)) return null;
  return link;
}

const linkInfo = (link: FakeLink): PasswordLinkInfo => ({ kind: link.kind, email: link.email, expiresAt: link.expiresAt });

function answerLink(token: string): OperatorLink {
  const link = operatorsDb.links.get(token)!;
  return { kind: link.kind, email: link.email, token, url: null, expiresAt: link.expiresAt };
}

const api = (path: string) => `*/api/admin/operators${path}`;

export const operatorsHandlers: HttpHandler[] = [
  http.get(api(''), async ({ request }) => {
    const checked = await checkedRequest('GET /api/admin/operators', { request });
    if (checked instanceof Response) return checked;
    const open = operatorsDb.invites.filter((i) => Date.parse(i.expiresAt) > operatorsDb.now);
    return HttpResponse.json<OperatorsPage>({
      operators: [...operatorsDb.operators.values()],
      invites: open,
      capabilities: operatorsDb.capabilities,
    });
  }),

  http.post(api('/invites'), async ({ request }) => {
    const checked = await checkedRequest('POST /api/admin/operators/invites', { request });
    if (checked instanceof Response) return checked;
    operatorsDb.calls.push('POST /api/admin/operators/invites');
    const email = checked.body.email.trim().toLowerCase();
    if ([...operatorsDb.operators.values()].some((o) => o.email === email)) return conflict(`${email} is already an operator`);
    if ([...operatorsDb.users.values()].includes(email)) {
      return conflict(`An account with ${email} exists but is not an admin: use Grant admin on that user`);
    }
    return HttpResponse.json<OperatorLink>(answerLink(operatorsDb.invite(email)), { status: 201 });
  }),

  http.delete(api('/invites/:id'), async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/admin/operators/invites/:id', { request, params });
    if (checked instanceof Response) return checked;
    operatorsDb.calls.push(`DELETE /api/admin/operators/invites/${checked.params.id}`);
    const before = operatorsDb.invites.length;
    operatorsDb.invites = operatorsDb.invites.filter((i) => i.id !== checked.params.id);
    if (operatorsDb.invites.length === before) return notFound('No open invitation with this id');
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(api('/:uid/grant'), async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/operators/:uid/grant', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    operatorsDb.calls.push(`POST /api/admin/operators/${uid}/grant`);
    const existing = operatorsDb.operators.get(uid);
    if (existing) return HttpResponse.json(existing);
    const email = operatorsDb.users.get(uid);
    if (email === undefined) return notFound(`No user record with the uid ${uid}`);
    operatorsDb.users.delete(uid);
    const granted = makeOperator({ uid, email, createdAt: '2026-02-01T00:00:00.000Z' });
    operatorsDb.operators.set(uid, granted);
    return HttpResponse.json(granted);
  }),

  http.post(api('/:uid/revoke'), async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/operators/:uid/revoke', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    operatorsDb.calls.push(`POST /api/admin/operators/${uid}/revoke`);
    const operator = operatorsDb.operators.get(uid);
    if (!operator) return notFound(`${uid} is not an operator`);
    if (operator.accountActive && activeAdmins().length === 1) return conflict(LAST_ADMIN_REASON);
    operatorsDb.operators.delete(uid);
    if (operator.email) operatorsDb.users.set(uid, operator.email);
    return HttpResponse.json(operator);
  }),

  http.post(api('/:uid/reset-mfa'), async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/operators/:uid/reset-mfa', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    operatorsDb.calls.push(`POST /api/admin/operators/${uid}/reset-mfa`);
    const operator = operatorsDb.operators.get(uid);
    if (!operator) return notFound(`${uid} is not an operator`);
    const reset = { ...operator, mfaEnabled: false };
    operatorsDb.operators.set(uid, reset);
    const mfa = mfaDb.accounts.get(uid);
    if (mfa) Object.assign(mfa, { enabled: false, pending: null, recoveryCodes: [] });
    return HttpResponse.json(reset);
  }),

  http.post(api('/:uid/reset-password'), async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/admin/operators/:uid/reset-password', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    operatorsDb.calls.push(`POST /api/admin/operators/${uid}/reset-password`);
    if (!operatorsDb.operators.has(uid)) return notFound(`${uid} is not an operator`);
    return HttpResponse.json<OperatorLink>(answerLink(operatorsDb.resetLink(uid)), { status: 201 });
  }),

  http.post(authUrl('links/inspect'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/links/inspect', { request });
    if (checked instanceof Response) return checked;
    operatorsDb.calls.push('POST /auth/links/inspect');
    const link = usableLink(checked.body.token);
    return link ? HttpResponse.json(linkInfo(link)) : notFound(LINK_NOT_VALID);
  }),

  http.post(authUrl('links/redeem'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/links/redeem', { request });
    if (checked instanceof Response) return checked;
    operatorsDb.calls.push('POST /auth/links/redeem');
    operatorsDb.redeemed.push(checked.body);
    const link = usableLink(checked.body.token);
    if (!link) return notFound(LINK_NOT_VALID);
    link.used = true;
    if (link.inviteId !== null) operatorsDb.invites = operatorsDb.invites.filter((i) => i.id !== link.inviteId);
    const uid = link.uid ?? `op-${operatorsDb.operators.size + 1}`;
    const before = operatorsDb.operators.get(uid);
    const displayName = checked.body.displayName ?? before?.displayName ?? null;
    operatorsDb.operators.set(uid, makeOperator({ ...before, uid, email: link.email, displayName, hasPassword: true }));
    return HttpResponse.json(linkInfo(link));
  }),

  http.post(authUrl('password'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/password', { request });
    if (checked instanceof Response) return checked;
    const authorization = request.headers.get('Authorization');
    operatorsDb.passwordChanges.push({ authorization, body: checked.body });
    if (!authorization) return HttpResponse.json<ApiErrorBody>({ error: 'unauthorized', message: 'Sign in first' }, { status: 401 });
    const { currentPassword, newPassword } = checked.body;
    if (currentPassword !== operatorsDb.currentPassword) {
      return HttpResponse.json<ApiErrorBody>(
        { error: 'invalid_credentials', message: 'The current password is not correct' },
        { status: 401 },
      );
    }
    if (newPassword === currentPassword) {
      return HttpResponse.json<ApiErrorBody>(
        { error: 'bad_request', message: 'The new password is the current one: choose another' },
        { status: 400 },
      );
    }
    operatorsDb.currentPassword = newPassword;
    return HttpResponse.json<RenewResponse>({ token: TOKEN_AFTER_PASSWORD_CHANGE, expiresAt: FIXTURE_EXPIRES_AT });
  }),
];
