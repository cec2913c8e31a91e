// Auth port over the reference backend's /auth endpoints. The session token lives in localStorage so a
// reload stays signed in; at start the stored token is checked with GET /account before anyone is told.
import type { AuthAccount, RenewResponse, SignInResponse, SignInSession } from '../../../contract/schemas/auth';
import type { AuthPort } from '../ports';
import { HttpError } from '../../api/errors';
import { joinUrl, onUnauthorized, requestJson } from '../../api/http';
import { isExpired, localStorageTokenStore, type StoredToken, type TokenStore } from './tokenStore';

export interface LocalAuthOptions {
  authBaseUrl: string;
  timeoutMs: number;
  store?: TokenStore;
}

export interface LocalAuth extends AuthPort {
  /** settles once the stored token has been checked at start */
  ready: Promise<void>;
  /** the signed-in account right now (null while the start check runs or when signed out) */
  currentAccount(): AuthAccount | null;
  restoreProblem(): string | null;
  hasKeptSession(): boolean;
  /**
   * A fresh token the server issued for this session (a password change answers one: every other session ended, and
   * so may the token this one held). Kept as a renewed token is; ignored once signed out.
   */
  adoptToken(renewed: RenewResponse): void;
  /** Signs in with a session the server answered to a second step (contract/mfa.ts), as a sign-in's own. */
  adoptSession(session: SignInSession): void;
}

// setTimeout fires at once for delays above 2^31-1 ms; such far expiries need no timer.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Quiet renewal: a token (30 minutes on the reference backend) is renewed by the first request made
 * in its second half, so an operator who keeps working stays signed in, and one who leaves the
 * console alone is signed out when it expires. The server caps a session at 12 hours from sign-in.
 */
export const RENEW_WHEN_LEFT_MS = 15 * 60 * 1000;
export const SESSION_EXPIRED_REASON = 'The session expired after a period without activity.';

/**
 * What the login page says when a reload finds the server or its database unreachable: the sign-in form
 * alone read as a sign-out, while the kept session comes back once the server does.
 */
export function unreachableNotice(error: unknown): string {
  const status = error instanceof HttpError ? error.status : 'NETWORK';
  const detail = error instanceof Error && error.message ? error.message.trim().replace(/\.$/, '') : '';
  const what =
    status === 'NETWORK' || status === 'TIMEOUT'
      ? 'The server cannot be reached'
      : status === 503
        ? 'The server cannot reach its database'
        : 'The server could not check your session';
  // The server's own 503 already reads "The server cannot reach its database (connection refused)": said twice,
  // it nested the sentence in itself (found by e2e/outage.spec.ts).
  const said = detail.toLowerCase().startsWith(what.toLowerCase()) ? detail : `${what}${detail ? ` (${detail})` : ''}`;
  return `${said}. Your session is kept: reload this page once the server is back.`;
}

export function createLocalAuth({ authBaseUrl, timeoutMs, store = localStorageTokenStore() }: LocalAuthOptions): LocalAuth {
  const url = (path: string) => joinUrl(authBaseUrl, path);
  const listeners = new Set<(account: AuthAccount | null) => void>();
  let account: AuthAccount | null = null;
  let token: StoredToken | null = null;
  let known = false;
  /** bumps on every change, so a slow start check cannot overwrite a sign-in that happened meanwhile */
  let generation = 0;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const endedListeners = new Set<(reason: string) => void>();
  let renewing: Promise<void> | null = null;
  let restoreProblem: string | null = null;

  /** Tells the session saga the server no longer accepts this session; the saga signs out and says why. */
  function sessionEnded(reason: string) {
    endedListeners.forEach((listener) => listener(reason));
  }

  // A 401 for the token in use, from any port's request or the live stream, ends the session.
  onUnauthorized((refused, reason) => {
    if (token && refused === token.token) sessionEnded(reason);
  });

  function scheduleExpiry() {
    clearTimeout(expiryTimer);
    if (!token) return;
    const delay = Date.parse(token.expiresAt) - Date.now();
    if (Number.isFinite(delay) && delay < MAX_TIMER_MS) {
      // An expired token is a sign-out: the session ends here instead of failing on the next call.
      expiryTimer = setTimeout(
        () => {
          sessionEnded(SESSION_EXPIRED_REASON);
          change(null, null, 'clear');
        },
        Math.max(0, delay),
      );
    }
  }

  /** Same account, same session: only the token changes, so nobody needs to hear about it. */
  function keep(renewed: RenewResponse) {
    token = { token: renewed.token, expiresAt: renewed.expiresAt };
    store.write(token);
    scheduleExpiry();
  }

  /** Swaps in a fresh token of the same session; a refusal ends the session (reported by requestJson). */
  function renew(current: StoredToken): Promise<void> {
    renewing ??= requestJson<RenewResponse>(url('renew'), { method: 'POST', token: current.token, timeoutMs })
      .then((renewed) => {
        if (token?.token === current.token) keep(renewed);
      })
      .catch(() => {
        // Unreachable server: the current token is still good until it expires; a 401 was reported already.
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  function change(nextAccount: AuthAccount | null, nextToken: StoredToken | null, storage: 'write' | 'clear' | 'keep') {
    generation += 1;
    account = nextAccount;
    token = nextToken;
    known = true;
    if (storage === 'write' && nextToken) store.write(nextToken);
    if (storage === 'clear') store.clear();
    scheduleExpiry();
    listeners.forEach((listener) => listener(account));
  }

  async function checkStoredToken() {
    const stored = store.read();
    if (!stored || isExpired(stored)) {
      change(null, null, 'clear');
      return;
    }
    const startedAt = generation;
    try {
      const checked = await requestJson<AuthAccount>(url('account'), { token: stored.token, timeoutMs });
      if (generation === startedAt) change(checked, stored, 'keep');
    } catch (error) {
      if (generation !== startedAt) return;
      // A rejected token is forgotten. Any other failure (server down, timeout) signs out this page only:
      // the token stays stored so a reload once the server is back is signed in again.
      const rejected = error instanceof HttpError && (error.status === 401 || error.status === 403);
      if (!rejected) restoreProblem = unreachableNotice(error);
      change(null, null, rejected ? 'clear' : 'keep');
    }
  }

  const ready = checkStoredToken();

  function adoptSession(session: SignInSession) {
    change(session.account, { token: session.token, expiresAt: session.expiresAt }, 'write');
  }

  return {
    ready,
    currentAccount: () => account,

    restoreProblem: () => restoreProblem,

    hasKeptSession() {
      const stored = store.read();
      return stored !== null && !isExpired(stored);
    },

    async signIn(email, password) {
      const response = await requestJson<SignInResponse>(url('sign-in'), {
        method: 'POST',
        body: { email, password },
        timeoutMs,
      });
      restoreProblem = null;
      // contract/mfa.ts isSecondStep (not imported: the login route loads none of that module): the password was right
      // but a code, or setting two-factor up, remains. No session yet.
      if ('step' in response) return response;
      adoptSession(response);
      return response.account;
    },

    adoptSession,

    async signOut() {
      const previous = token;
      // Forget locally first: even with the server unreachable the console is signed out.
      change(null, null, 'clear');
      if (!previous) return;
      try {
        await requestJson<void>(url('sign-out'), { method: 'POST', token: previous.token, timeoutMs });
      } catch {
        // the token expires on its own; nothing the user could do about it
      }
    },

    observeAccount(onChange) {
      listeners.add(onChange);
      // Like Firebase's onAuthStateChanged: the first call comes once the state is actually known.
      if (known) onChange(account);
      return () => {
        listeners.delete(onChange);
      };
    },

    async getIdToken() {
      await ready;
      if (!token) return null;
      if (isExpired(token)) {
        change(null, null, 'clear');
        return null;
      }
      if (Date.parse(token.expiresAt) - Date.now() < RENEW_WHEN_LEFT_MS) await renew(token);
      return token?.token ?? null;
    },

    adoptToken(renewed) {
      if (token) keep(renewed);
    },

    observeSessionEnded(onEnded) {
      endedListeners.add(onEnded);
      return () => {
        endedListeners.delete(onEnded);
      };
    },
  };
}
