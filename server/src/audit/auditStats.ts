// GET /api/audit-logs/stats: events per type and in total since a moment, computed in the database.
// The app's events come from audit_event_daily_counts (kept by triggers, migration 041) for whole UTC
// days plus a count of audit_logs for the first, partial day, so 90 days of a million events cost about
// one day's rows. Console actions are few (people make them) and are counted directly.
import type { AuditSource } from '../../../contract/usersAudit';
import type { AuditEventCount, AuditStats } from '../../../contract/schemas/usersAudit';
import type { Queryable } from '../db/types';
import { toInstant, type Instant } from '../http/instant';

export interface AuditStatsFilter {
  since?: Instant;
  source: AuditSource;
}

export function auditStatsFilter(q: { since?: string; source?: AuditSource }): AuditStatsFilter {
  return { ...(q.since !== undefined ? { since: toInstant(q.since) } : {}), source: q.source ?? 'all' };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether the text names an instant on a UTC midnight exactly (no sub-millisecond digits past it). */
function isUtcMidnight(since: Instant): boolean {
  return since.ms % DAY_MS === 0 && !/\.\d{3}0*[1-9]/.test(since.text);
}

/** SQL and parameters counting app events per type since `since` (all time when absent). */
export function buildAppEventCountsQuery(since: Instant | undefined): { sql: string; params: unknown[] } {
  if (!since) return { sql: 'SELECT event, sum(count)::bigint AS count FROM audit_event_daily_counts GROUP BY event', params: [] };
  const midnight = Math.floor(since.ms / DAY_MS) * DAY_MS;
  if (isUtcMidnight(since)) {
    return {
      sql: 'SELECT event, sum(count)::bigint AS count FROM audit_event_daily_counts WHERE day >= $1 GROUP BY event',
      params: [isoDay(midnight)],
    };
  }
  const nextMidnight = midnight + DAY_MS;
  return {
    sql: `SELECT event, sum(n)::bigint AS count FROM (
            SELECT event, count(*) AS n FROM audit_logs WHERE timestamp >= $1 AND timestamp < $2 GROUP BY event
            UNION ALL
            SELECT event, count AS n FROM audit_event_daily_counts WHERE day >= $3
          ) counted GROUP BY event`,
    params: [since.text, new Date(nextMidnight).toISOString(), isoDay(nextMidnight)],
  };
}

export async function auditStats(db: Queryable, f: AuditStatsFilter): Promise<AuditStats> {
  const byEvent: AuditEventCount[] = [];
  if (f.source !== 'console') {
    const { sql, params } = buildAppEventCountsQuery(f.since);
    const { rows } = await db.query<{ event: string; count: number | string }>(sql, params);
    for (const row of rows) byEvent.push({ source: 'app', event: row.event, count: Number(row.count) });
  }
  if (f.source !== 'app') {
    const { rows } = await db.query<{ event: string; count: number | string }>(
      `SELECT action AS event, count(*) AS count FROM console_actions${f.since ? ' WHERE timestamp >= $1' : ''} GROUP BY action`,
      f.since ? [f.since.text] : [],
    );
    for (const row of rows) byEvent.push({ source: 'console', event: row.event, count: Number(row.count) });
  }
  const counted = byEvent.filter((e) => e.count > 0).sort((a, b) => b.count - a.count || a.event.localeCompare(b.event));
  return {
    since: f.since ? new Date(f.since.ms).toISOString() : null,
    source: f.source,
    total: counted.reduce((sum, e) => sum + e.count, 0),
    byEvent: counted,
  };
}
