import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../contract/dataSafety';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { createFirebaseAdminGuard } from './auth/firebaseGuard';
import type { FirebaseIdentity } from './auth/firebaseIdentity';
import { createGuards } from './auth/guard';
import { createMfaChallenges } from './auth/mfa/challenges';
import { createSecretBox } from './auth/mfa/secretBox';
import { createSessionTokens } from './auth/tokens';
import { migrations } from './db/migrations';
import type { Db } from './db/types';
import { installErrorHandler, installJsonParser, notFoundBody } from './http/errorHandling';
import { DEFAULT_SERVER_LIMITS, hardenedServerOptions, installHardening, type ServerLimits } from './http/hardening';
import { fastifyTrustProxy, type TrustProxy } from './http/clientAddress';
import { installInputGuards } from './http/inputGuards';
import { installRequestIds, requestIdOptions } from './http/logging';
import type { ServerMetrics } from './http/metrics';
import { cacheControlFor } from './http/staticCaching';
import { strictBodyValidators } from './http/validators';
import { LiveCountsHub } from './live/liveCounts';
import type { OperatorDirectory } from './operators/directory';
import { createFirestoreDirectory } from './operators/firestoreDirectory';
import { createReferenceDirectory } from './operators/referenceDirectory';
import { defaultBackupDir } from './restores/beforeBackup';
import { firestoreCheckSource } from './restores/firestoreRestore';
import { RestoreRunner } from './restores/restoreRunner';
import { accountsRoutes } from './routes/accounts';
import { analyticsRoutes } from './routes/analytics';
import { auditLogsRoutes } from './routes/auditLogs';
import { authRoutes, DEFAULT_SIGN_IN_RATE_LIMIT, type SignInRateLimit } from './routes/auth';
import { bulkImportRoutes } from './routes/bulkImport';
import { databaseAdminRoutes } from './routes/databaseAdmin';
import { exportRoutes } from './routes/exports';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { importChecksRoutes } from './routes/importChecks';
import { importRunsRoutes } from './routes/importRuns';
import { liveRoutes, SERVER_STOPPING_EVENT } from './routes/live';
import { probeRoutes } from './routes/probes';
import { namesRoutes } from './routes/names';
import { operatorsRoutes } from './routes/operators';
import { restoresRoutes } from './routes/restores';
import { savedViewsRoutes } from './routes/savedViews';
import { statsRoutes } from './routes/stats';
import { usersRoutes } from './routes/users';
import { openApiRoutes } from './routes/openapi';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live users / accepted-connection counts; routes that change them call `refresh()`. */
    liveCounts: LiveCountsHub;
    /** Event streams open right now (tests check that disconnects release them). */
    readonly liveStreamCount: number;
    /** Restores being applied in the background (routes/restores.ts); tests follow and cancel them through it. */
    restoreRunner: RestoreRunner;
  }
}

export interface BuildAppOptions {
  db: Db;
  /** HS256 key for session tokens (see auth/secret.ts for where it comes from). */
  sessionSecret: string;
  /** The built console (dist/): served with a fallback to index.html for client-side routes. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  signInRateLimit?: SignInRateLimit;
  /** How often the shared live-counts poller reads the database. */
  livePollMs?: number;
  /** How often open live-count streams re-check their session (default 2 s). */
  sessionCheckMs?: number;
  /** Timeouts and the connection limit (DEFAULT_SERVER_LIMITS); tests shorten them. */
  limits?: Partial<ServerLimits>;
  /** Origins besides its own the console may connect to (the CSP's connect-src), e.g. Firebase's in Firebase mode. */
  connectSources?: readonly string[];
  /**
   * Firebase mode: /api trusts Firebase ID tokens and the Firestore users record (auth/firebaseIdentity.ts)
   * instead of this server's sessions, and the session endpoints under /auth are not served.
   */
  firebaseIdentity?: FirebaseIdentity;
  /** TRASH_RETENTION_DAYS: days a deleted name stays in the trash (default 30); the purge itself is server.ts's. */
  trashRetentionDays?: number;
  /** BACKUP_DIR: where a restore in replace mode saves the state before it (default: restores/beforeBackup.ts). */
  backupDir?: string;
  /**
   * TRUST_PROXY (http/clientAddress.ts): which proxies' X-Forwarded-For and X-Forwarded-Proto are believed, for
   * request.ip (the sign-in limits) and request.protocol (Strict-Transport-Security). Default: none.
   */
  trustProxy?: TrustProxy;
  /** Prometheus metrics of this process (http/metrics.ts): requests are counted when given. */
  metrics?: ServerMetrics;
  /** METRICS_TOKEN: GET /metrics on this app answers to this bearer token (none: /metrics is not served here). */
  metricsToken?: string;
  /** True once the process is shutting down: /readyz says so before the listener closes. */
  stopping?: () => boolean;
  /**
   * Who may sign in to the console (routes/operators.ts). Default: this backend's own accounts; in Firebase mode the
   * Firestore users records with isAdmin (operators/firestoreDirectory.ts), where the identity reaches Firestore.
   */
  operatorDirectory?: OperatorDirectory;
  /** Called for every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * REQUIRE_MFA: every operator signs in with a second factor (contract/mfa.ts). One without it sets it up right after
   * the password, and nobody can turn theirs off (an admin's reset still can, for a lost phone).
   */
  requireMfa?: boolean;
}

/** Large enough for a bulk import batch of BULK_IMPORT_MAX_ROWS rows. */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const isBackendPath = (url: string) => /^\/(api|auth)(\/|\?|$)/.test(url);

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const retentionDays = options.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    schemaController: strictBodyValidators(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    ...requestIdOptions,
    ...hardenedServerOptions({ ...DEFAULT_SERVER_LIMITS, ...options.limits }),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const tokens = createSessionTokens(options.sessionSecret);
  const guards = createGuards(db, tokens);
  const firebase = options.firebaseIdentity;
  const requireAdmin = firebase ? createFirebaseAdminGuard(firebase) : guards.requireAdmin;
  const liveCounts = new LiveCountsHub(db, options.livePollMs ?? 1000, (error) => app.log.error({ err: error }, 'live counts read failed'));
  const openStreams = new Set<ServerResponse>();
  const restoreRunner = new RestoreRunner(
    db,
    options.backupDir ?? defaultBackupDir(),
    (error, message) => app.log.error({ err: error }, message),
    firebase?.restoreTarget,
  );
  app.decorate('liveCounts', liveCounts);
  app.decorate('restoreRunner', restoreRunner);
  app.decorate('liveStreamCount', { getter: () => openStreams.size });
  app.decorateRequest('account', null);
  app.decorateRequest('session', null);

  installRequestIds(app);
  options.metrics?.observeRequests(app);
  options.metrics?.setSources({ pool: db.poolStats ? () => db.poolStats!() : undefined, liveStreams: () => openStreams.size });
  installJsonParser(app);
  installErrorHandler(app);
  installInputGuards(app);
  installHardening(app, { connectSources: options.connectSources, requireAdmin });

  // In Firebase mode, signing in, renewing and signing out are Firebase Auth's (the web SDK refreshes
  // its own ID tokens); this server's password sessions would be a second way in, so /auth is not served.
  if (!firebase) {
    await app.register(authRoutes, {
      prefix: '/auth',
      db,
      tokens,
      guards,
      signInRateLimit: options.signInRateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT,
      // Both keyed from the session secret (each with a key of its own): auth/mfa/secretBox.ts, auth/mfa/challenges.ts.
      challenges: createMfaChallenges(options.sessionSecret),
      secretBox: createSecretBox(options.sessionSecret),
      requireMfa: options.requireMfa ?? false,
      onSignInFailure: options.metrics ? (reason) => options.metrics!.signInFailure(reason) : undefined,
    });
  }

  await app.register(probeRoutes, {
    db,
    migrationIds: migrations.map((migration) => migration.id),
    stopping: options.stopping,
    metrics: options.metrics ? { metrics: options.metrics, token: options.metricsToken } : undefined,
  });

  await app.register(
    async (api) => {
      // Every /api route, including those the names plugins add, sits behind this guard.
      api.addHook('onRequest', requireAdmin);
      await api.register(statsRoutes, { db });
      await api.register(openApiRoutes);
      await api.register(healthRoutes, { db });
      await api.register(usersRoutes, { db, liveCounts });
      await api.register(auditLogsRoutes, { db });
      const operatorDirectory =
        options.operatorDirectory ??
        (!firebase
          ? createReferenceDirectory(db)
          : firebase.operators
            ? createFirestoreDirectory(db, firebase.operators, firebase.restoreTarget)
            : undefined);
      if (operatorDirectory) await api.register(operatorsRoutes, { directory: operatorDirectory });
      // Deleting a user's Firebase Auth account and their rows here, once the console deleted the Firestore record.
      if (firebase) await api.register(accountsRoutes, { db, identity: firebase });
      // In Firebase mode the console counts users and connections with Firestore listeners; counts of this
      // server's own tables would be a second, different figure, so the stream is not served there.
      if (!firebase) {
        await api.register(liveRoutes, {
          liveCounts,
          openStreams,
          sessionCheckMs: options.sessionCheckMs,
          recheckSession: (request) => (request.session ? guards.recheckAdmin(request.session) : Promise.resolve('Sign-in required')),
        });
      }
      await api.register(namesRoutes, { db, retentionDays });
      await api.register(historyRoutes, { db, retentionDays });
      await api.register(bulkImportRoutes, {
        db,
        onBatch: options.metrics
          ? (rows) => {
              options.metrics!.importRows('added', rows.added);
              options.metrics!.importRows('duplicate', rows.duplicates);
              options.metrics!.importRows('trashed', rows.trashed);
            }
          : undefined,
      });
      await api.register(analyticsRoutes, { db });
      await api.register(exportRoutes, { db });
      await api.register(databaseAdminRoutes, { db });
      await api.register(importRunsRoutes, { db });
      await api.register(importChecksRoutes, { db });
      // Saved views and grid preferences: this database on both stacks, keyed by the operator's uid (Firebase's there).
      await api.register(savedViewsRoutes, { db });
      // Restoring the four collections: in Firebase mode users, connections and audit logs are compared with and
      // written to Firestore with the Admin SDK (restores/firestoreRestore.ts), names here; the routes are the same.
      if (!firebase) await api.register(restoresRoutes, { db, runner: restoreRunner });
      else if (firebase.restoreTarget) {
        await api.register(restoresRoutes, { db, runner: restoreRunner, live: firestoreCheckSource(firebase.restoreTarget) });
      }
    },
    { prefix: '/api' },
  );

  if (options.staticDir) {
    // Loaded only when serving the built console; the API alone (npm start, most tests) never needs it.
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: path.resolve(options.staticDir),
      index: 'index.html',
      // The build's .br and .gz copies (vite.config.ts), for browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // Client-side routes (/dashboard, /manage-names ...) get the app shell; files and the backend's
    // own paths do not (a missing script must be a 404, not HTML).
    if (options.staticDir && wantsPage && !isBackendPath(request.url) && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0]!)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(notFoundBody(request));
  });

  // Open event streams would hold close() forever: end them first, telling each client when to come back (SSE's
  // `retry` field: another instance behind the balancer, or this one restarted, answers by then).
  app.addHook('preClose', async () => {
    liveCounts.stop();
    // A restore being applied is rolled back (nothing written) rather than cut off by the database closing.
    await restoreRunner.stopAll();
    for (const stream of openStreams) stream.end(SERVER_STOPPING_EVENT);
    openStreams.clear();
  });
  if (firebase) app.addHook('onClose', async () => firebase.close());

  return app;
}
