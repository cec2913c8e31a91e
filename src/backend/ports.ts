// The console depends on these ports, never on Firebase or the reference server directly.
import type { AuthAccount, UserRecord } from '../api/contract';

export type Unsubscribe = () => void;

export interface AuthPort {
  signIn(email: string, password: string): Promise<AuthAccount>;
  signOut(): Promise<void>;
  /** Calls back with the current account (or null) now and on every change. */
  observeAccount(onChange: (account: AuthAccount | null) => void): Unsubscribe;
  /** ID token of the signed-in account, for `Authorization: Bearer`; null when signed out. */
  getIdToken(): Promise<string | null>;
}

export interface UserRecordsPort {
  /** The users-collection record keyed by the auth uid; null when there is none. */
  readUserRecord(uid: string): Promise<UserRecord | null>;
}

export interface LiveCountsPort {
  watchUserCount(onCount: (count: number) => void, onError: (reason: string) => void): Unsubscribe;
  /** Connection requests whose status is accepted (spec: what "Connections" counts). */
  watchAcceptedConnectionCount(onCount: (count: number) => void, onError: (reason: string) => void): Unsubscribe;
  /** Document-store counts: the dashboard's fallback when /swipes/stats fails. */
  countNames(): Promise<number>;
  countSwipes(): Promise<number>;
}

export interface Backend {
  kind: 'local' | 'firebase';
  auth: AuthPort;
  userRecords: UserRecordsPort;
  liveCounts: LiveCountsPort;
}
