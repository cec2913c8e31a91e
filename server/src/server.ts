import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { openFirebaseIdentity, type FirebaseAuthSettings, type FirebaseIdentity } from './auth/firebaseIdentity';
import { resolveSessionSecret } from './auth/secret';
import { migrate } from './db/migrate';
import { DEFAULT_DATA_DIR, openDatabase } from './db/open';
import type { Db } from './db/types';
import { DEFAULT_SIGN_IN_RATE_LIMIT } from './routes/auth';
import { interruptLeftoverRuns, reportNameMerges } from './imports/startupChecks';
import { applyDemoAccountPolicy, DemoOnPublicHostError, isLoopbackHost } from './seed/demoSafety';
import { seedDemoData } from './seed/seed';
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../contract/dataSafety';
import { DEFAULT_PURGE_INTERVAL_MS, scheduleTrashPurge } from './names/trashRetention';
import { defaultBackupDir } from './restores/beforeBackup';
import { settleRestoresAtStart } from './restores/restoreSessions';

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
  /** SEED_DEMO: false skips the demo data AND disables demo accounts that exist (a real deployment). Default true. */
  seedDemo?: boolean;
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
  /** BACKUP_DIR: where a restore in replace mode saves the state before it (default: `backups` beside DATA_DIR) */
  backupDir?: string;
}

export interface RunningBackend {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** what the seed did on this start */
  seeded: boolean;
  /** the seed was switched off (SEED_DEMO=0) */
  seedSkipped: boolean;
  /** the demo admin can sign in with its public password: the start banner must say so */
  demoPasswordLive: boolean;
  /** where the session secret came from: 'env', 'memory' or the secret file's path */
  sessionSecretFrom: string;
  /** Firebase mode's settings; undefined in the local mode */
  firebase?: FirebaseAuthSettings;
  close(): Promise<void>;
}

/**
 * SEED_DEMO: unset, empty, 1/true/yes/on seed the demo data (the default, which CI and the browser
 * tests rely on); 0/false/no/off skip it. Anything else is a mistake worth stopping for.
 */
export function parseSeedDemo(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`SEED_DEMO must be 0 or 1, got "${value}"`);
}

/** Opens the database, migrates, seeds on first start, and listens. Shared by main.ts and scripts/start.ts. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let firebaseIdentity: FirebaseIdentity | undefined;
  try {
    const appliedNow = await migrate(db);
    const seedSkipped = options.seedDemo === false;
    const { seeded } = seedSkipped ? { seeded: false } : await seedDemoData(db);
    const demo = await applyDemoAccountPolicy(db, !seedSkipped);
    // In Firebase mode nobody signs in with this database's passwords (no /auth), demo ones included.
    const demoPasswordLive = demo.publicPasswordLive && !options.firebase;
    if (demoPasswordLive && !isLoopbackHost(options.host) && !options.allowDemoOnPublicHost) {
      throw new DemoOnPublicHostError(options.host);
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
      backupDir: options.backupDir ?? defaultBackupDir(options.dataDir),
      signInRateLimit: {
        ...DEFAULT_SIGN_IN_RATE_LIMIT,
        ...(options.signInRateLimitMax ? { max: options.signInRateLimitMax } : {}),
        ...(options.signInIpRateLimitMax ? { maxPerIp: options.signInIpRateLimitMax } : {}),
      },
    });
    logError = (error, what) => app.log.error({ err: error }, what);
    await reportNameMerges(db, appliedNow, app.log);
    await interruptLeftoverRuns(db, app.log);
    await settleRestoresAtStart(db, app.log, { firebase: Boolean(firebaseIdentity?.restoreTarget) });
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
      url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
      seeded,
      seedSkipped,
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
