import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { carriesMetricsToken, createMetrics, type ServerMetrics } from './http/metrics';
import { countActiveAdmins } from './operators/activeAdmins';
import { applyDemoAccountPolicy, decideDemo, DemoOnPublicHostError, isLoopbackHost, type DemoDecision } from './seed/demoSafety';
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
  /** METRICS_PORT: a listener of its own serving GET /metrics (on metricsHost, default `host`) */
  metricsPort?: number;
  metricsHost?: string;
  /** METRICS_TOKEN: the bearer token that reads /metrics (on the main port when no METRICS_PORT) */
  metricsToken?: string;
  /** SHUTDOWN_GRACE_MS: how long close() lets requests in flight finish before it cuts them (default 20 s) */
  shutdownGraceMs?: number;
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
  /** REQUIRE_MFA: every operator signs in with a second factor (app.ts BuildAppOptions.requireMfa) */
  requireMfa?: boolean;
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
  /** where Prometheus scrapes, when METRICS_PORT is set */
  metricsUrl?: string;
  /** the demo admin can sign in with its public password: the start banner must say so */
  demoPasswordLive: boolean;
  /** how many admins can sign in with a password (operators/activeAdmins.ts); none: the banner says how to make one */
  activeAdmins?: number;
  /** where the session secret came from: 'env', 'memory' or the secret file's path */
  sessionSecretFrom: string;
  /** Firebase mode's settings; undefined in the local mode */
  firebase?: FirebaseAuthSettings;
  /**
   * Stops cleanly (SIGTERM): /readyz answers 503 at once, the listeners stop accepting, live streams end with a retry
   * hint, requests in flight (import batches included) finish within shutdownGraceMs (then their connections are
   * cut), and the database closes. Says whether everything in flight finished.
   */
  close(): Promise<ShutdownReport>;
}

export interface ShutdownReport {
  /** every request in flight finished within the grace period */
  drained: boolean;
  /** connections still busy when the grace period ended (they were closed) */
  cut: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 20_000;

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
  let metricsServer: http.Server | undefined;
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
    const activeAdmins = options.firebase ? undefined : await countActiveAdmins(db);
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
    const metrics = options.metricsPort !== undefined || options.metricsToken ? createMetrics() : undefined;
    let stopping = false;
    const app = await buildApp({
      db,
      firebaseIdentity,
      sessionSecret: secret.secret,
      staticDir: options.staticDir,
      logger: options.logger,
      connectSources: options.connectSources,
      trashRetentionDays: options.trashRetentionDays,
      backupDir: options.backupDir ?? defaultBackupDir(options.dataDir),
      trustProxy: options.trustProxy,
      metrics,
      // With METRICS_PORT the metrics are served there only; otherwise on this port to METRICS_TOKEN.
      metricsToken: options.metricsPort === undefined ? options.metricsToken : undefined,
      stopping: () => stopping,
      requireMfa: options.requireMfa,
      signInRateLimit: {
        ...DEFAULT_SIGN_IN_RATE_LIMIT,
        ...(options.signInRateLimitMax ? { max: options.signInRateLimitMax } : {}),
        ...(options.signInIpRateLimitMax ? { maxPerIp: options.signInIpRateLimitMax } : {}),
        ...(options.signInEmailRateLimitMax ? { maxPerEmail: options.signInEmailRateLimitMax } : {}),
        ...(options.signInMaxLockoutMs ? { maxLockoutMs: options.signInMaxLockoutMs } : {}),
      },
    });
    logError = (error, what) => app.log.error({ err: error }, what);
    // Open connections, for the shutdown's account of what it waited for (counted by the server, not by a listener
    // on every answer: a static file's answer already carries ten 'close' listeners, Node's warning limit).
    const openConnections = () => new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count ?? 0)));
    await reportNameMerges(db, appliedNow, app.log);
    await interruptLeftoverRuns(db, app.log);
    await settleRestoresAtStart(db, app.log, { firebase: Boolean(firebaseIdentity?.restoreTarget) });
    await app.listen({ host: options.host, port: options.port });
    let metricsUrl: string | undefined;
    if (metrics && options.metricsPort !== undefined) {
      metricsServer = await listenForMetrics(metrics, options.metricsToken, options.metricsHost ?? options.host, options.metricsPort);
      metricsUrl = `${urlOf(options.metricsHost ?? options.host, (metricsServer.address() as AddressInfo).port)}/metrics`;
    }
    const retentionDays = options.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS;
    const purge = scheduleTrashPurge(db, retentionDays, options.trashPurgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS, {
      purged: (totals) => app.log.warn({ ...totals, retentionDays }, 'trash retention purge: names deleted forever'),
      failed: (error) => app.log.error({ err: error }, 'trash retention purge failed (tried again at the next interval)'),
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    let closing: Promise<ShutdownReport> | null = null;
    return {
      app,
      db,
      url: urlOf(options.host, port),
      seeded,
      seedSkipped,
      demo: demoDecision,
      metricsUrl,
      demoPasswordLive,
      activeAdmins,
      sessionSecretFrom: secret.from,
      firebase: options.firebase,
      close() {
        closing ??= (async () => {
          stopping = true;
          app.log.info(
            { openConnections: await openConnections(), graceMs },
            'shutting down: no new connections; finishing the requests in flight',
          );
          await purge.stop();
          // Fastify stops listening, ends the event streams (app.ts's preClose), answers 503 to a request that still
          // arrives on an open connection, and resolves once every request in flight is answered.
          const closed = app.close();
          // A keep-alive connection whose last answer went out after the listener closed (a request that was in
          // flight, an event stream just ended) would otherwise stay open until its keep-alive timeout: closed as
          // soon as it is idle.
          const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
          let timer: NodeJS.Timeout | undefined;
          const finished = await Promise.race([
            closed.then(() => true),
            new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
          ]);
          clearTimeout(timer);
          clearInterval(sweep);
          // What is still open now was busy all along (idle connections were closed as they went idle).
          const cut = finished ? 0 : await openConnections();
          if (!finished) {
            app.log.warn({ cut, graceMs }, 'shutdown: requests still running after SHUTDOWN_GRACE_MS; their connections are closed');
            app.server.closeAllConnections();
            await closed;
          }
          if (metricsServer) await closeServer(metricsServer);
          await db.close();
          return { drained: finished, cut };
        })();
        return closing;
      },
    };
  } catch (error) {
    if (metricsServer) await closeServer(metricsServer);
    await firebaseIdentity?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}

const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * METRICS_PORT: GET /metrics on a listener of its own (nothing else there), so Prometheus can reach it on a
 * network the public cannot; it asks for METRICS_TOKEN too when one is set.
 */
async function listenForMetrics(metrics: ServerMetrics, token: string | undefined, host: string, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(body);
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') return answer(404, 'Not found: GET /metrics\n');
    if (token && !carriesMetricsToken(request.headers.authorization, token)) {
      return answer(401, 'Metrics need the bearer token set as METRICS_TOKEN\n', { 'www-authenticate': 'Bearer' });
    }
    metrics.exposition().then(
      ({ contentType, text }) => answer(200, text, { 'content-type': contentType }),
      () => answer(500, 'The metrics could not be collected\n'),
    );
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
