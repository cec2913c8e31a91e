import type { AuthAccount } from '../contract/schemas/auth';
import { DEFAULT_NOTIFICATION_SETTINGS, USER_RECORD_DEFAULTS } from '../contract/usersAudit';
import type { AuditEntry, UserRecord } from '../contract/schemas/usersAudit';
import type { RecordHistory } from '../contract/schemas/dataSafety';
import type { Backend, Unsubscribe } from '../src/backend/ports';
import { createFakeExports, type FakeExportData } from './fakeExports';
import { createFakeAuditLogs, createFakeUserManagement } from './fakeUsersAudit';
import { createFakeHistory } from './fakeHistory';
import { createLocalRestores } from '../src/backend/local/localRestores';
import { createLocalPasswords } from '../src/backend/local/localPasswords';
import { createLocalMfa } from '../src/backend/local/localMfa';
import { createLocalAuth, type LocalAuth } from '../src/backend/local/localAuth';
import { onUnauthorized } from '../src/api/http';
import type { StoredToken, TokenStore } from '../src/backend/local/tokenStore';

/** An in-memory Backend for tests (react-admin's testDataProvider idea): drive it from the test. */
export interface FakeBackend extends Backend {
  /** emit an auth change as the authentication service would */
  emitAccount(account: AuthAccount | null): void;
  records: Map<string, UserRecord>;
  setUserCount(n: number): void;
  setAcceptedConnectionCount(n: number): void;
  documentCounts: { names: number; swipes: number };
  passwords: Map<string, { password: string; account: AuthAccount }>;
  token: string | null;
  /** What the fake auditLogs port serves (push entries in a test). */
  auditEntries: AuditEntry[];
  /** What the fake exports port serves and records (fill rows, read runs, fail a page). */
  exportData: FakeExportData;
  /** What the fake history port serves, by 'user:<uid>' or 'name:<id>'. */
  histories: Map<string, RecordHistory>;
}

export function makeUserRecord(overrides: Partial<UserRecord> & { uid: string }): UserRecord {
  return {
    email: null,
    username: null,
    displayName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    lastActiveDate: null,
    ...USER_RECORD_DEFAULTS,
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS },
    ...overrides,
  };
}

export function createFakeBackend(options: { signedIn?: AuthAccount | null } = {}): FakeBackend {
  let current: AuthAccount | null = options.signedIn ?? null;
  const accountListeners = new Set<(a: AuthAccount | null) => void>();
  const userCountListeners = new Set<(n: number) => void>();
  const connectionListeners = new Set<(n: number) => void>();
  let userCount = 0;
  let connectionCount = 0;

  function subscribe<T>(set: Set<(v: T) => void>, fn: (v: T) => void, now: T): Unsubscribe {
    set.add(fn);
    fn(now);
    return () => set.delete(fn);
  }

  const records = new Map<string, UserRecord>();
  const auditEntries: AuditEntry[] = [];
  const fakeExports = createFakeExports();
  const histories = new Map<string, RecordHistory>();

  // The HTTP ports' side of the fake's session (passwords, two-factor): its token, and a fresh token a password change
  // or an enrolment answers becomes the fake's, as the local auth port keeps it.
  const tokenAuth: Pick<LocalAuth, 'getIdToken' | 'adoptToken'> = {
    getIdToken: async () => fake.token,
    adoptToken: (renewed) => {
      if (fake.token !== null) fake.token = renewed.token;
    },
  };
  const fake: FakeBackend = {
    kind: 'local',
    records,
    auditEntries,
    passwords: new Map(),
    documentCounts: { names: 0, swipes: 0 },
    token: current ? 'fake-token' : null,
    emitAccount(account) {
      current = account;
      fake.token = account ? 'fake-token' : null;
      accountListeners.forEach((l) => l(account));
    },
    setUserCount(n) {
      userCount = n;
      userCountListeners.forEach((l) => l(n));
    },
    setAcceptedConnectionCount(n) {
      connectionCount = n;
      connectionListeners.forEach((l) => l(n));
    },
    auth: {
      async signIn(email, password) {
        const entry = fake.passwords.get(email.toLowerCase());
        if (!entry || entry.password !== password) throw new Error('auth/invalid-credential');
        fake.emitAccount(entry.account);
        return entry.account;
      },
      async signOut() {
        fake.emitAccount(null);
      },
      observeAccount(onChange) {
        return subscribe(accountListeners, onChange, current);
      },
      async getIdToken() {
        return fake.token;
      },
      // As the real auth ports do (src/backend/local/localAuth.ts): a 401 for the token held, reported by the one HTTP
      // client (src/api/http.ts) whoever made the request, ends the session.
      observeSessionEnded(onEnded) {
        return onUnauthorized((refused, reason) => {
          if (refused === fake.token) onEnded(reason);
        });
      },
    },
    userRecords: {
      async readUserRecord(uid) {
        return fake.records.get(uid) ?? null;
      },
    },
    liveCounts: {
      watchUserCount(onCount) {
        return subscribe(userCountListeners, onCount, userCount);
      },
      watchAcceptedConnectionCount(onCount) {
        return subscribe(connectionListeners, onCount, connectionCount);
      },
      async countNames() {
        return fake.documentCounts.names;
      },
      async countSwipes() {
        return fake.documentCounts.swipes;
      },
    },
    userManagement: createFakeUserManagement(records),
    auditLogs: createFakeAuditLogs(auditEntries),
    exports: fakeExports.port,
    exportData: fakeExports.data,
    history: createFakeHistory(histories),
    histories,
    // The restore goes over HTTP to the msw routes (restores.handlers.ts): its tests read what the server was sent.
    restores: createLocalRestores({ apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => fake.token }),
    // Password links and one's own password over HTTP too (operators.handlers.ts).
    accountPasswords: createLocalPasswords({
      authBaseUrl: 'http://localhost/auth',
      timeoutMs: 10_000,
      auth: tokenAuth,
    }),
    // Two-factor sign-in over HTTP as well (mfa.handlers.ts): a fresh token an enrolment answers becomes the fake's,
    // and a second step's session signs the fake in, as the local auth port does.
    accountMfa: createLocalMfa({
      authBaseUrl: 'http://localhost/auth',
      timeoutMs: 10_000,
      auth: {
        ...tokenAuth,
        adoptSession: (session) => {
          fake.emitAccount(session.account);
          fake.token = session.token;
        },
      },
    }),
  };
  return fake;
}

/** A token store in memory: nothing kept across tests. */
export function memoryTokenStore(): TokenStore & { value: StoredToken | null } {
  const store = {
    value: null as StoredToken | null,
    read: () => store.value,
    write: (value: StoredToken) => {
      store.value = value;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

/**
 * The fake backend, but signing in with the local auth port over the msw routes (session.handlers.ts: demoAdmin and
 * demoUser; mfa.handlers.ts: second steps), as the reference backend's console does: the second step, the session it
 * opens and the token kept are the real adapters'. User records stay the fake's (`records`).
 */
export function createHttpAuthBackend(): FakeBackend {
  const fake = createFakeBackend();
  const auth = createLocalAuth({ authBaseUrl: 'http://localhost/auth', timeoutMs: 10_000, store: memoryTokenStore() });
  fake.auth = auth;
  fake.accountMfa = createLocalMfa({ authBaseUrl: 'http://localhost/auth', timeoutMs: 10_000, auth });
  return fake;
}
