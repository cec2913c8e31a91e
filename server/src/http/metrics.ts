// Prometheus metrics (prom-client) of one server process: what an operator watches to know it is healthy.
// Served only when asked for (METRICS_PORT, a listener of its own, or METRICS_TOKEN on the main port: server.ts
// and routes/probes.ts), never open by default: route names, pool sizes and failure counts help an attacker too.
//
// What is measured:
// - http_requests_total and http_request_duration_seconds: every answered request by method, route (the route's
//   pattern, e.g. /api/names/:id, so ids do not make a series each; 'unmatched' for a path no route took) and status;
// - db_pool_connections{state="in_use"|"idle"}, db_pool_waiting_clients, db_pool_max_connections: PostgreSQL's pool
//   as node-postgres counts it; on PGlite, its one in-process connection (in use while a call runs) and the calls
//   queued behind it (db/pglite.ts);
// - live_streams_open: the live-counts event streams open now (routes/live.ts);
// - import_rows_total{outcome="added"|"duplicate"|"trashed"}: rows of bulk-import batches as stored or skipped;
// - sign_in_failures_total{reason="invalid_credentials"|"rate_limited"|"account_inactive"};
// - the process's own (prom-client's default metrics: CPU, memory, event-loop lag, GC, open handles).
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/types';

export type ImportRowOutcome = 'added' | 'duplicate' | 'trashed';
/** invalid_mfa_code: a refused code of the second step (routes/mfa.ts), after the right password. */
export type SignInFailureReason = 'invalid_credentials' | 'rate_limited' | 'account_inactive' | 'invalid_mfa_code';

export interface MetricsSources {
  /** the database pool's counts now (undefined: the database does not say) */
  pool?: () => PoolStats | undefined;
  /** live-count event streams open now */
  liveStreams?: () => number;
}

export interface ServerMetrics {
  readonly registry: Registry;
  /** Counts every answered request; call once per app. */
  observeRequests(app: FastifyInstance): void;
  /** Where the gauges read from, once the app and the database exist. */
  setSources(sources: MetricsSources): void;
  importRows(outcome: ImportRowOutcome, rows: number): void;
  signInFailure(reason: SignInFailureReason): void;
  /** The text Prometheus scrapes, and its content type. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

/** A route pattern as a label: bounded, and the same for every id a path carries. */
function routeLabel(request: FastifyRequest): string {
  return request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
}

export function createMetrics(options: { processMetrics?: boolean } = {}): ServerMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  let sources: MetricsSources = {};

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const importRows = new Counter({
    name: 'import_rows_total',
    help: 'Rows of bulk-import batches, by what became of them',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins, by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  // Zero rather than absent before the first one, so a rate() over them starts from the beginning.
  for (const outcome of ['added', 'duplicate', 'trashed'] as const) importRows.inc({ outcome }, 0);
  for (const reason of ['invalid_credentials', 'rate_limited', 'account_inactive', 'invalid_mfa_code'] as const)
    signInFailures.inc({ reason }, 0);

  const pool = () => sources.pool?.();
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process, by state (PGlite: its one in-process connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = pool();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Calls waiting for a database connection (PGlite: calls queued behind the running one)',
    registers: [registry],
    collect() {
      const stats = pool();
      if (stats) this.set(stats.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most database connections this process opens (DATABASE_POOL_SIZE; 1 on PGlite)',
    registers: [registry],
    collect() {
      const stats = pool();
      if (stats) this.set(stats.max);
    },
  });
  new Gauge({
    name: 'live_streams_open',
    help: 'Live-count event streams open now',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });

  return {
    registry,
    observeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        const labels = { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
    setSources(next) {
      sources = { ...sources, ...next };
    },
    importRows(outcome, rows) {
      if (rows > 0) importRows.inc({ outcome }, rows);
    },
    signInFailure(reason) {
      signInFailures.inc({ reason });
    },
    async exposition() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/**
 * METRICS_TOKEN: whether a request's Authorization header carries it (Bearer). Compared as digests in constant time,
 * so the answer's timing says nothing about how much of a guess was right.
 */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** METRICS_TOKEN must be hard to guess: at least this many characters. */
export const MIN_METRICS_TOKEN_LENGTH = 16;
