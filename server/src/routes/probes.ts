// What a load balancer, an orchestrator and Prometheus ask, outside /api and without a session:
// - GET /healthz: the process answers (nothing else is checked: a liveness probe must not restart a process
//   because its database is down);
// - GET /readyz: this process should get traffic: its database answers within READY_CHECK_TIMEOUT_MS, every
//   migration it knows is applied, and it is not shutting down. 503 with the reason otherwise;
// - GET /metrics: the Prometheus text, only with the METRICS_TOKEN bearer token (http/metrics.ts). Without a
//   token configured it answers 404, so nothing is open by default; METRICS_PORT serves them on a listener of its
//   own instead (server.ts).
// None of the answers carries data: a status, or a reason naming the kind of failure.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { databaseUnavailableReason } from '../db/unavailable';
import { HttpError, notFound } from '../http/errors';
import { carriesMetricsToken, type ServerMetrics } from '../http/metrics';

/** A readiness check that takes longer than this fails: a database that slow cannot serve requests either. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface ProbesOptions {
  db: Db;
  /** every migration id this build applies on start (db/migrations/index.ts) */
  migrationIds: readonly string[];
  /** true once the process has begun to shut down (SIGTERM): not ready for new traffic */
  stopping?: () => boolean;
  readyCheckTimeoutMs?: number;
  /** the metrics, and the bearer token that reads them on this port (none: not served here) */
  metrics?: { metrics: ServerMetrics; token?: string };
}

class NotReady extends HttpError {
  constructor(reason: string) {
    super(503, 'not_ready', reason);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NotReady(`Not ready: the database did not answer within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Why this process is not ready, or null when it is. */
export async function readinessProblem(options: ProbesOptions): Promise<string | null> {
  if (options.stopping?.()) return 'Not ready: the server is shutting down.';
  let applied: Set<string>;
  try {
    const { rows } = await withTimeout(
      options.db.query<{ id: string }>('SELECT id FROM schema_migrations'),
      options.readyCheckTimeoutMs ?? READY_CHECK_TIMEOUT_MS,
    );
    applied = new Set(rows.map((row) => row.id));
  } catch (error) {
    if (error instanceof NotReady) return error.message;
    if ((error as { code?: unknown }).code === '42P01') return 'Not ready: the database has no migrations applied yet.';
    const unavailable = databaseUnavailableReason(error);
    return unavailable
      ? `Not ready: ${unavailable.charAt(0).toLowerCase()}${unavailable.slice(1)}`
      : 'Not ready: the database check failed.';
  }
  const missing = options.migrationIds.filter((id) => !applied.has(id));
  if (missing.length > 0) {
    return `Not ready: ${missing.length} migration${missing.length === 1 ? ' is' : 's are'} not applied yet.`;
  }
  return null;
}

export const probeRoutes: FastifyPluginAsyncTypebox<ProbesOptions> = async (app, options) => {
  onEndpoint(app, 'GET /healthz', async () => ({ status: 'ok' as const }));

  onEndpoint(app, 'GET /readyz', async (_request, reply) => {
    const problem = await readinessProblem(options);
    if (problem) {
      // Asked again every few seconds during an outage: answered with the reason, not logged each time.
      reply.header('retry-after', 5);
      throw new NotReady(problem);
    }
    return { status: 'ok' as const };
  });

  const metrics = options.metrics;
  onEndpoint(app, 'GET /metrics', async (request, reply) => {
    if (!metrics?.token) throw notFound('Metrics are not served on this port (see METRICS_TOKEN and METRICS_PORT)');
    if (!carriesMetricsToken(request.headers.authorization, metrics.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', 'Metrics need the bearer token set as METRICS_TOKEN');
    }
    const { contentType, text } = await metrics.metrics.exposition();
    return reply.type(contentType).send(text);
  });
};
