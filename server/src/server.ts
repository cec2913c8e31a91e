import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { openFirebaseIdentity, type FirebaseAuthSettings, type FirebaseIdentity } from './auth/firebaseIdentity';
import { resolveSessionSecret } from './auth/secret';
import { migrate } from './db/migrate';
import { DEFAULT_DATA_DIR, openDatabase } from './db/open';
import type { Db } from './db/types';
import { DEFAULT_SIGN_IN_RATE_LIMIT } from './routes/auth';
import { interruptLeftoverRuns, reportNameMerges } from './imports/startupChecks';
import type { TrustProxy } from './http/clientAddress';
import { applyDemoAccountPolicy, decideDemo, DemoOnPublicHostError, isLoopbackHost, type DemoDecision } from './seed/demoSafety';
import { seedDemoData } from './seed/seed';
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../contract/dataSafety';
import { DEFAULT_PURGE_INTERVAL_MS, scheduleTrashPurge } from './names/trashRetention';

export interface BackendOptions {
  databaseUrl?: string;
  dataDir?: string;
  sessionSecret?: string;
  host: string;
  port: number;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** SIGN_IN_RATE_LIMIT: sign-in attempts per minute per client IP and email */
  signInRateLimitMax?: number;
  /** SIGN_IN_IP_RATE_LIMIT: sign-in attempts per minute per client IP across emails */
  signInIpRateLimitMax?: number;
  /**
   * SEED_DEMO as given: true seeds the demo data (first start) and keeps the demo accounts live; false skips it AND
   * disables demo accounts that exist. Either is recorded; undefined (not set) decides by seed/demoSafety.ts
   * decideDemo: off after a recorded SEED_DEMO=0, with DATABASE_URL or in production; on for the embedded quick start.
   */
  seedDemo?: boolean;
  /** NODE_ENV=production: no demo unless SEED_DEMO=1 */
  production?: boolean;
  /** TRUST_PROXY (http/clientAddress.ts): whose X-Forwarded-For / X-Forwarded-Proto to believe. Default none. */
  trustProxy?: TrustProxy;
  /** SIGN_IN_EMAIL_RATE_LIMIT: sign-in attempts per minute per email across all client addresses */
  signInEmailRateLimitMax?: number;
  /** SIGN_IN_MAX_LOCKOUT_MINUTES, in ms: the longest lock the growing back-off gives (default 15 minutes) */
  signInMaxLockoutMs?: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL's statement_timeout on every connection (default 15 s; 0 turns it off) */
  statementTimeoutMs?: number;
  /** ALLOW_DEMO_ON_PUBLIC_HOST: let live demo accounts (public passwords) listen on a non-loopback address. */
  allowDemoOnPublicHost?: boolean;
  /** CSP_CONNECT_SRC: origins besides its own the served console may connect to (Firebase mode, a hosted API) */
  connectSources?: readonly string[];
  /** Firebase mode (firebaseAuthFromEnv): /api verifies Firebase ID tokens and reads admin rights from Firestore. */
  firebase?: FirebaseAuthSettings;
  /** TRASH_RETENTION_DAYS: a deleted name is deleted forever this many days later (default 30) */
  trashRetentionDays?: number;
  /** how often the retention purge looks for expired names (default hourly) */
  trashPurgeIntervalMs?: number;
}

export interface RunningBackend {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** what the seed did on this start */
  seeded: boolean;
  /** the demo is off on this start (SEED_DEMO=0, recorded, or the default with DATABASE_URL / in production) */
  seedSkipped: boolean;
  /** whether the demo is on, and why (for the start banner) */
  demo: DemoDecision;
  /** the demo admin can sign in with its public password: the start banner must say so */
  demoPasswordLive: boolean;
  /** where the session secret came from: 'env', 'memory' or the secret file's path */
  sessionSecretFrom: string;
  /** Firebase mode's settings; undefined in the local mode */
  firebase?: FirebaseAuthSettings;
  close(): Promise<void>;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * SEED_DEMO: 1/true/yes/on turn the demo on, 0/false/no/off off; unset or empty say nothing (undefined), and the
 * server decides (seed/demoSafety.ts decideDemo). Anything else is a mistake worth stopping for.
 */
export function parseSeedDemo(value: string | undefined): boolean | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`SEED_DEMO must be 0 or 1, got "${value}"`);
}

/** Opens the database, migrates, seeds on first start, and listens. Shared by main.ts and scripts/start.ts. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  });
  let firebaseIdentity: FirebaseIdentity | undefined;
  try {
    const appliedNow = await migrate(db);
    const demoDecision = await decideDemo(db, {
      explicit: options.seedDemo,
      databaseUrl: Boolean(options.databaseUrl),
      production: options.production === true,
    });
    const seedSkipped = !demoDecision.enabled;
    const { seeded } = seedSkipped ? { seeded: false } : await seedDemoData(db);
    const demo = await applyDemoAccountPolicy(db, !seedSkipped);
    // In Firebase mode nobody signs in with this database's passwords (no /auth), demo ones included.
    const demoPasswordLive = demo.publicPasswordLive && !options.firebase;
    // A public password is public on a non-loopback address, and just as much behind a proxy that forwards to
    // loopback (TRUST_PROXY says there is one).
    const behindProxy = options.trustProxy !== undefined && options.trustProxy !== false;
    if (demoPasswordLive && (!isLoopbackHost(options.host) || behindProxy) && !options.allowDemoOnPublicHost) {
      throw new DemoOnPublicHostError(options.host, isLoopbackHost(options.host));
    }
    const secret = await resolveSessionSecret(db, {
      fromEnv: options.sessionSecret,
      // A DATABASE_URL setup keeps its secret in DATA_DIR too; only an in-memory PGlite has no folder.
      dataDir: options.databaseUrl
        ? (options.dataDir ?? DEFAULT_DATA_DIR)
        : options.dataDir?.includes('://')
          ? undefined
          : (options.dataDir ?? DEFAULT_DATA_DIR),
    });
    // A failure to reach Google (keys, revocation lookup, Firestore) is a 503 for the client and a log line here.
    let logError = (error: unknown, what: string) => console.error(what, error);
    if (options.firebase) firebaseIdentity = await openFirebaseIdentity(options.firebase, (error, what) => logError(error, what));
    const app = await buildApp({
      db,
      firebaseIdentity,
      sessionSecret: secret.secret,
      staticDir: options.staticDir,
      logger: options.logger,
      connectSources: options.connectSources,
      trashRetentionDays: options.trashRetentionDays,
      trustProxy: options.trustProxy,
      signInRateLimit: {
        ...DEFAULT_SIGN_IN_RATE_LIMIT,
        ...(options.signInRateLimitMax ? { max: options.signInRateLimitMax } : {}),
        ...(options.signInIpRateLimitMax ? { maxPerIp: options.signInIpRateLimitMax } : {}),
        ...(options.signInEmailRateLimitMax ? { maxPerEmail: options.signInEmailRateLimitMax } : {}),
        ...(options.signInMaxLockoutMs ? { maxLockoutMs: options.signInMaxLockoutMs } : {}),
      },
    });
    logError = (error, what) => app.log.error({ err: error }, what);
    await reportNameMerges(db, appliedNow, app.log);
    await interruptLeftoverRuns(db, app.log);
    await app.listen({ host: options.host, port: options.port });
    const retentionDays = options.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS;
    const purge = scheduleTrashPurge(db, retentionDays, options.trashPurgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS, {
      purged: (totals) => app.log.warn({ ...totals, retentionDays }, 'trash retention purge: names deleted forever'),
      failed: (error) => app.log.error({ err: error }, 'trash retention purge failed (tried again at the next interval)'),
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closing: Promise<void> | null = null;
    return {
      app,
      db,
      url: urlOf(options.host, port),
      seeded,
      seedSkipped,
      demo: demoDecision,
      demoPasswordLive,
      sessionSecretFrom: secret.from,
      firebase: options.firebase,
      close() {
        closing ??= (async () => {
          await purge.stop();
          await app.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await firebaseIdentity?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}

const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
