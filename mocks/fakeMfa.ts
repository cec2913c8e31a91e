// Two-factor sign-in's state for the console's tests (contract/mfa.ts): which accounts have it on, their recovery
// codes, the challenges of second steps handed out, whether the server requires it. The msw routes (mfa.handlers.ts)
// and the sign-in route (session.handlers.ts) answer from it; tests drive it and read what it was sent. Codes are not
// computed: `code` is what "the authenticator app shows now" (the browser test, e2e/mfa.spec.ts, uses real ones).
import { MFA_RECOVERY_CODE_COUNT } from '../contract/mfa';
import type { AuthAccount, SignInSecondStep } from '../contract/schemas/auth';

export interface FakeMfaAccount {
  account: AuthAccount;
  enabled: boolean;
  /** a secret made by an enrolment and not yet confirmed */
  pending: string | null;
  recoveryCodes: string[];
}

export interface FakeChallenge {
  uid: string;
  step: SignInSecondStep['step'];
}

/** What the app shows now; any other six digits are wrong. */
export const CURRENT_CODE = '492039';
export const FAKE_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const FAKE_OTPAUTH_URL = `otpauth://totp/Baby%20Names%20Admin:admin%40example.com?secret=${FAKE_SECRET}&issuer=Baby%20Names%20Admin`;
/** The challenge's expiry the fake hands out (far away: tests expire a challenge by name). */
export const CHALLENGE_EXPIRES_AT = '2099-01-01T00:05:00.000Z';

/** Ten codes in the contract's shape, numbered by `set` so a new set differs from the last. */
export function fakeRecoveryCodes(set: number): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, (_, i) => `R${String(set).padStart(4, '0')}-K${String(i).padStart(4, '0')}`);
}

export const mfaDb = {
  /** by uid */
  accounts: new Map<string, FakeMfaAccount>(),
  /** by challenge */
  challenges: new Map<string, FakeChallenge>(),
  /** session tokens the fake knows, by token: whose they are */
  sessions: new Map<string, string>(),
  /** REQUIRE_MFA */
  required: false,
  /** while set, every code route answers 429 with this many seconds to wait */
  lockedForSeconds: 0,
  /** what the console sent, in order: 'POST /auth/mfa/verify', ... with the bodies and the Authorization header */
  calls: [] as { route: string; body: unknown; authorization: string | null }[],
  nextChallenge: 1,
  nextToken: 1,
  nextCodeSet: 1,
  reset() {
    mfaDb.accounts = new Map();
    mfaDb.challenges = new Map();
    mfaDb.sessions = new Map([
      ['fake-token', 'admin-1'],
      ['token-admin-1', 'admin-1'],
    ]);
    mfaDb.required = false;
    mfaDb.lockedForSeconds = 0;
    mfaDb.calls = [];
    mfaDb.nextChallenge = 1;
    mfaDb.nextToken = 1;
    mfaDb.nextCodeSet = 1;
    mfaDb.ensure({ uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' });
  },
  /**
   * The account's two-factor state, made (off) on first mention; the account as last mentioned is whose sessions the
   * routes answer (the fixtures' 'admin-1' is admin@example.com signed in, admin@babynames.test at sign-in).
   */
  ensure(account: AuthAccount): FakeMfaAccount {
    let entry = mfaDb.accounts.get(account.uid);
    if (!entry) {
      entry = { account, enabled: false, pending: null, recoveryCodes: [] };
      mfaDb.accounts.set(account.uid, entry);
    }
    entry.account = account;
    return entry;
  },
  /** Two-factor on for the account, with a fresh set of recovery codes (returned). */
  turnOn(account: AuthAccount): string[] {
    const entry = mfaDb.ensure(account);
    entry.enabled = true;
    entry.pending = null;
    entry.recoveryCodes = fakeRecoveryCodes(mfaDb.nextCodeSet++);
    return [...entry.recoveryCodes];
  },
  /** What a right password answers for this account, when a second step remains (null: a session at once). */
  secondStepFor(account: AuthAccount): SignInSecondStep | null {
    const entry = mfaDb.ensure(account);
    const step = entry.enabled ? 'verify' : mfaDb.required ? 'enrol' : null;
    if (!step) return null;
    const challenge = `challenge-${mfaDb.nextChallenge++}`;
    mfaDb.challenges.set(challenge, { uid: account.uid, step });
    return { step, challenge, expiresAt: CHALLENGE_EXPIRES_AT, email: account.email ?? '' };
  },
  /** A new session token for the account (what verify and confirm answer). */
  newToken(uid: string): string {
    const token = `token-mfa-${mfaDb.nextToken++}`;
    mfaDb.sessions.set(token, uid);
    return token;
  },
};
mfaDb.reset();
