// GET /api/audit-logs: the app's audit_logs and the console's console_actions as one list, newest first,
// paged with one keyset cursor across both. Rows are ordered by (timestamp DESC, source, id DESC), app
// events before console actions at an equal timestamp; the cursor is the last row's exact timestamp
// (microseconds, as text), source and id, so equal timestamps never make a page lose or repeat a row.
import { AUDIT_LOG_PAGE_SIZE, type AuditSource } from '../../../contract/usersAudit';
import type { AuditLogsPage, AuditEntry } from '../../../contract/schemas/usersAudit';
import { EXACT_TIMESTAMP, exactTimestampSql } from '../db/exactTimestamp';
import type { Queryable } from '../db/types';
import type { Static } from 'typebox';
import type { ENDPOINTS } from '../../../contract/endpoints';
import { badRequest } from '../http/errors';
import { toInstant, type Instant } from '../http/instant';

type EntrySource = AuditEntry['source'];

export interface AuditCursor {
  timestamp: string;
  source: EntrySource;
  id: number;
}

export interface AuditLogsFilter {
  since?: Instant;
  event?: string;
  source: AuditSource;
  limit: number;
  cursor?: AuditCursor;
}

/** Position of a source among rows with the same timestamp (higher comes first, as the order is descending). */
const RANK: Record<EntrySource, number> = { app: 1, console: 0 };

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.timestamp, cursor.source, cursor.id])).toString('base64url');
}

function decodeAuditCursor(text: string): AuditCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [timestamp, source, id] = parsed as unknown[];
    if (typeof timestamp !== 'string' || !EXACT_TIMESTAMP.test(timestamp) || Number.isNaN(new Date(timestamp).getTime())) return null;
    if (source !== 'app' && source !== 'console') return null;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    return { timestamp, source, id };
  } catch {
    return null;
  }
}

type AuditLogsQuery = Static<(typeof ENDPOINTS)['GET /api/audit-logs']['querystring']>;

/** The filter of a GET /api/audit-logs page from its query (shape, bounds and formats checked by the schema). */
export function auditLogsFilter(q: AuditLogsQuery): AuditLogsFilter {
  const f: AuditLogsFilter = { source: q.source ?? 'all', limit: q.limit ?? AUDIT_LOG_PAGE_SIZE };
  if (q.since !== undefined) f.since = toInstant(q.since);
  if (q.event !== undefined) f.event = q.event;
  if (q.cursor !== undefined) {
    const decoded = decodeAuditCursor(q.cursor);
    if (!decoded) throw badRequest('cursor is not one this server gave out', 'cursor');
    f.cursor = decoded;
  }
  return f;
}

const TIMESTAMP_KEY = exactTimestampSql('timestamp');

/** One source's rows after the cursor, newest first, at most `limit`: an index range scan per source. */
function sourceQuery(source: EntrySource, f: AuditLogsFilter, params: unknown[]): string {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.since) where.push(`timestamp >= ${param(f.since.text)}`);
  if (f.event !== undefined) where.push(`${source === 'app' ? 'event' : 'action'} = ${param(f.event)}`);
  if (f.cursor) {
    const at = `${param(f.cursor.timestamp)}::timestamptz`;
    if (f.cursor.source === source) where.push(`(timestamp, id) < (${at}, ${param(f.cursor.id)})`);
    // The cursor's source comes after this one at its timestamp: this source's rows there were all shown.
    else if (RANK[f.cursor.source] < RANK[source]) where.push(`timestamp < ${at}`);
    else where.push(`timestamp <= ${at}`);
  }
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const limit = param(f.limit + 1);
  const columns =
    source === 'app'
      ? `'app' AS source, ${RANK.app} AS rank, id, timestamp, ${TIMESTAMP_KEY} AS ts_key, event, user_id, last_swipe_date,
         total_active_time_formatted, NULL AS actor_uid, NULL AS actor_email, NULL AS target_type, NULL AS target_id,
         NULL::jsonb AS before, NULL::jsonb AS after, NULL::jsonb AS details`
      : `'console' AS source, ${RANK.console} AS rank, id, timestamp, ${TIMESTAMP_KEY} AS ts_key, action AS event,
         CASE WHEN target_type = 'user' THEN target_id END AS user_id, NULL::timestamptz AS last_swipe_date,
         NULL AS total_active_time_formatted, actor_uid, actor_email, target_type, target_id, before, after, details`;
  const table = source === 'app' ? 'audit_logs' : 'console_actions';
  return `(SELECT ${columns} FROM ${table}${whereSql} ORDER BY timestamp DESC, id DESC LIMIT ${limit})`;
}

interface AuditRow {
  source: EntrySource;
  id: number | string;
  timestamp: Date;
  ts_key: string;
  event: string;
  user_id: string | null;
  last_swipe_date: Date | null;
  total_active_time_formatted: string | null;
  actor_uid: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}

export function buildAuditLogsQuery(f: AuditLogsFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sources: EntrySource[] = f.source === 'all' ? ['app', 'console'] : [f.source];
  const parts = sources.map((source) => sourceQuery(source, f, params));
  params.push(f.limit + 1);
  const sql =
    parts.length === 1
      ? parts[0]!
      : `SELECT * FROM (${parts.join(' UNION ALL ')}) merged ORDER BY timestamp DESC, rank DESC, id DESC LIMIT $${params.length}`;
  return { sql, params: parts.length === 1 ? params.slice(0, -1) : params };
}

function toEntry(row: AuditRow): AuditEntry {
  const base = { id: String(row.id), timestamp: row.timestamp.toISOString(), event: row.event, userId: row.user_id };
  if (row.source === 'app') {
    return {
      ...base,
      source: 'app',
      lastSwipeDate: row.last_swipe_date ? row.last_swipe_date.toISOString() : null,
      totalActiveTimeFormatted: row.total_active_time_formatted,
    };
  }
  return {
    ...base,
    source: 'console',
    actor: { uid: row.actor_uid ?? '', email: row.actor_email ?? '' },
    targetType: row.target_type ?? '',
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    details: row.details,
  };
}

export async function pageAuditLogs(db: Queryable, f: AuditLogsFilter): Promise<AuditLogsPage> {
  const { sql, params } = buildAuditLogsQuery(f);
  const { rows } = await db.query<AuditRow>(sql, params);
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    nextCursor:
      rows.length > f.limit && last ? encodeAuditCursor({ timestamp: last.ts_key, source: last.source, id: Number(last.id) }) : null,
  };
}
