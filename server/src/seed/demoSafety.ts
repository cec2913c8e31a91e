// The demo accounts have public passwords (README quick start, start banner). They belong where the README's quick start puts
// them, the embedded database of `npm start`: with DATABASE_URL or NODE_ENV=production they are off unless
// SEED_DEMO=1 says otherwise, on every start. SEED_DEMO=0 disables demo accounts that already exist, and the
// choice is recorded in the database, so a later start that does not say SEED_DEMO=1 leaves them off (a
// forgotten variable in a restart script must not bring a public password back). With live demo accounts the
// server refuses any bind address but loopback unless explicitly allowed.
import { hashPassword } from '../auth/password';
import type { Db } from '../db/types';
import { DEMO_ADMIN, DEMO_USER } from './demoAccounts';

const DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_USER] as const;
const DEMO_UIDS = DEMO_ACCOUNTS.map((account) => account.uid);
/** Stored instead of a password hash: no password verifies against it (verifyPassword wants "scrypt$..."). */
export const DISABLED_PASSWORD_HASH = 'disabled$demo-account$SEED_DEMO=0';

/** server_settings key of the operator's last explicit SEED_DEMO ('on' or 'off'). */
export const DEMO_CHOICE_KEY = 'demo_accounts';

export interface DemoDecision {
  /** whether the demo data is seeded (first start) and the demo accounts can sign in */
  enabled: boolean;
  /** why, for the start banner: 'SEED_DEMO=1', 'SEED_DEMO=0', or what decided without it */
  because: string;
}

export interface DemoChoiceInput {
  /** SEED_DEMO as given: true (1), false (0), or undefined when not set */
  explicit: boolean | undefined;
  /** DATABASE_URL is set: a database others may reach */
  databaseUrl: boolean;
  /** NODE_ENV=production */
  production: boolean;
}

/**
 * Whether this start has the demo. SEED_DEMO given: that, recorded as the operator's choice. Not given: off when an
 * earlier start recorded SEED_DEMO=0; otherwise on only for the embedded database outside production (the quick
 * start). A recorded SEED_DEMO=1 never turns the demo on by itself: with DATABASE_URL or in production it takes
 * SEED_DEMO=1 on every start.
 */
export async function decideDemo(db: Db, input: DemoChoiceInput): Promise<DemoDecision> {
  if (input.explicit !== undefined) {
    await db.query(
      `INSERT INTO server_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [DEMO_CHOICE_KEY, input.explicit ? 'on' : 'off'],
    );
    return { enabled: input.explicit, because: input.explicit ? 'SEED_DEMO=1' : 'SEED_DEMO=0' };
  }
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [DEMO_CHOICE_KEY]);
  if (rows[0]?.value === 'off') return { enabled: false, because: 'SEED_DEMO=0, recorded by an earlier start' };
  if (input.production) return { enabled: false, because: 'off by default with NODE_ENV=production' };
  if (input.databaseUrl) return { enabled: false, because: 'off by default with DATABASE_URL' };
  return { enabled: true, because: 'the embedded quick-start database' };
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. 0.0.0.0 and :: listen on every interface. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

export class DemoOnPublicHostError extends Error {
  constructor(host: string, behindProxy = false) {
    super(
      `Refusing to start: the demo accounts (${DEMO_ADMIN.email}) have a public password and ` +
        (behindProxy
          ? 'the server is behind a proxy (TRUST_PROXY is set), which lets other machines reach it. Start with SEED_DEMO=0 (disables the demo accounts), '
          : `the server would listen on ${host}, which other machines can reach. Start with SEED_DEMO=0 (disables the demo accounts), listen on 127.0.0.1, `) +
        'or set ALLOW_DEMO_ON_PUBLIC_HOST=1 if this is really what you want.',
    );
    this.name = 'DemoOnPublicHostError';
  }
}

/**
 * Makes the demo accounts that exist match SEED_DEMO. Disabled: the password hash is replaced (so
 * re-activating the record in User Management cannot bring the public password back) and the
 * records deactivated; the triggers of migration 020 end their open sessions. Enabled: a disabled
 * demo account gets its demo password and active record back. Returns whether a demo account with
 * its public password can sign in afterwards.
 */
export async function applyDemoAccountPolicy(db: Db, enabled: boolean): Promise<{ publicPasswordLive: boolean; changed: number }> {
  let changed = 0;
  if (!enabled) {
    await db.transaction(async (tx) => {
      changed += (
        await tx.query('UPDATE accounts SET password_hash = $2 WHERE uid = ANY($1) AND password_hash <> $2', [
          DEMO_UIDS,
          DISABLED_PASSWORD_HASH,
        ])
      ).affectedRows;
      await tx.query('UPDATE users SET account_active = false, updated_at = now() WHERE uid = ANY($1) AND account_active', [DEMO_UIDS]);
    });
    return { publicPasswordLive: false, changed };
  }
  for (const account of DEMO_ACCOUNTS) {
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE uid = $1', [account.uid]);
    if (rows[0]?.password_hash !== DISABLED_PASSWORD_HASH) continue;
    const hash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE accounts SET password_hash = $2 WHERE uid = $1', [account.uid, hash]);
      await tx.query('UPDATE users SET account_active = true, updated_at = now() WHERE uid = $1', [account.uid]);
    });
    changed += 1;
  }
  const { rows } = await db.query<{ live: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM accounts a LEFT JOIN users u ON u.uid = a.uid
        WHERE a.uid = $1 AND a.password_hash <> $2 AND coalesce(u.account_active, true)
     ) AS live`,
    [DEMO_ADMIN.uid, DISABLED_PASSWORD_HASH],
  );
  return { publicPasswordLive: rows[0]?.live === true, changed };
}
