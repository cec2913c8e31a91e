// Keeps the reference backend's session token across reloads (spec: a reload stays signed in).
export interface StoredToken {
  token: string;
  /** ISO time after which the server rejects the token */
  expiresAt: string;
}

export interface TokenStore {
  read(): StoredToken | null;
  write(value: StoredToken): void;
  clear(): void;
}

export const TOKEN_STORAGE_KEY = 'babynames.admin.session';

function isStoredToken(value: unknown): value is StoredToken {
  const v = value as Partial<StoredToken> | null;
  return !!v && typeof v.token === 'string' && v.token !== '' && typeof v.expiresAt === 'string';
}

/** localStorage-backed; tolerates a blocked or corrupt storage by acting as if nothing was stored. */
export function localStorageTokenStore(key = TOKEN_STORAGE_KEY): TokenStore {
  return {
    read() {
      try {
        const raw = window.localStorage.getItem(key);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return isStoredToken(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // private mode / quota: the session still works until the page is reloaded
      }
    },
    clear() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // nothing stored that could be removed
      }
    },
  };
}

export function isExpired(stored: StoredToken, now = Date.now()): boolean {
  const at = Date.parse(stored.expiresAt);
  return Number.isFinite(at) && at <= now;
}
