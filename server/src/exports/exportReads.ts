// Whole collections read page by page for exports: keyset pages, never OFFSET, so page
// 1,000 of a million names costs what page 1 costs. The large collections (names and their analytics)
// are turned into JSON by PostgreSQL itself: the server passes one text value on instead of building
// and serialising thousands of objects per page.
import type { AuditLogExportRow, ConnectionExportRow, ExportCollection, ExportPageResponse } from '../../../contract/exports';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { readCounters } from '../counters/rowCounters';
import type { Queryable } from '../db/types';
import { toUserRecord, type UserRow } from '../users/userRecord';
import { hasRandomSeedColumn } from '../dbAdmin/randomSeedColumn';
import { utcInstantText } from './instantText';

export interface ExportPageQuery {
  /** the previous page's `next`, absent for the first page */
  after?: string;
  limit: number;
  /** audit logs only: timestamp >= from */
  from?: Date;
  /** audit logs only: timestamp < to */
  to?: Date;
}

/** A page already serialised as the ExportPageResponse JSON text, or as objects. */
export type ExportPage = { json: string } | ExportPageResponse<unknown>;

/** Cursor shapes: a positive integer id, or for audit logs "<ISO instant with microseconds>|<id>". */
const ID_CURSOR = /^\d{1,18}$/;
const AUDIT_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,18})$/;

export class CursorError extends Error {}

function idCursor(after: string | undefined): string | null {
  if (after === undefined) return null;
  if (!ID_CURSOR.test(after)) throw new CursorError('after must be the next cursor of the previous page');
  return after;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** created_at as ISO 8601 text in UTC (instantText.ts), as the streamed CSV writes it. */
async function namesPage(db: Queryable, query: ExportPageQuery): Promise<ExportPage> {
  const after = idCursor(query.after);
  const seed = (await hasRandomSeedColumn(db)) ? `, 'random_seed', random_seed` : '';
  const { rows } = await db.query<{ rows: string; last: number | null; n: number }>(
    `SELECT coalesce(json_agg(json_build_object('id', id, 'name_id', id, 'name', name, 'gender', gender,
                    'nationality', nationality, 'created_at', ${utcInstantText('created_at')}${seed}) ORDER BY id), '[]')::text AS rows,
            max(id)::text AS last, count(*)::int AS n
       FROM (SELECT * FROM names WHERE ($1::bigint IS NULL OR id > $1::bigint) ORDER BY id LIMIT $2) page`,
    [after, query.limit],
  );
  return withNext(rows[0]!, query.limit);
}

async function nameAnalyticsPage(db: Queryable, query: ExportPageQuery): Promise<ExportPage> {
  const after = idCursor(query.after);
  // Per page, each name's swipes through swipes_name_idx: the whole export reads each swipe once.
  const { rows } = await db.query<{ rows: string; last: number | null; n: number }>(
    `SELECT coalesce(json_agg(json_build_object('name_id', id, 'name', name, 'gender', gender, 'nationality', nationality,
                    'total_swipes', swipes, 'total_likes', likes, 'total_dislikes', swipes - likes,
                    'like_ratio', CASE WHEN swipes > 0 THEN round(likes::numeric / swipes, 4) END) ORDER BY id), '[]')::text AS rows,
            max(id)::text AS last, count(*)::int AS n
       FROM (SELECT n.id, n.name, n.gender, n.nationality, s.swipes, s.likes
               FROM (SELECT id, name, gender, nationality FROM names
                      WHERE ($1::bigint IS NULL OR id > $1::bigint) ORDER BY id LIMIT $2) n
               CROSS JOIN LATERAL (SELECT count(*)::int AS swipes, count(*) FILTER (WHERE liked)::int AS likes
                                     FROM swipes WHERE swipes.name_id = n.id) s) page`,
    [after, query.limit],
  );
  return withNext(rows[0]!, query.limit);
}

/** The JSON text of { rows, next }: a short page is the last one. */
function withNext(row: { rows: string; last: number | string | null; n: number }, limit: number): ExportPage {
  const next = row.n === limit && row.last !== null ? String(row.last) : null;
  return { json: `{"rows":${row.rows},"next":${JSON.stringify(next)}}` };
}

async function usersPage(db: Queryable, query: ExportPageQuery): Promise<ExportPageResponse<UserRecord>> {
  if (query.after !== undefined && (query.after.length === 0 || query.after.length > 128)) throw new CursorError('after must be a user id');
  const { rows } = await db.query<UserRow>(`SELECT * FROM users WHERE ($1::text IS NULL OR uid > $1::text) ORDER BY uid LIMIT $2`, [
    query.after ?? null,
    query.limit,
  ]);
  const records = rows.map(toUserRecord);
  return { rows: records, next: records.length === query.limit ? records.at(-1)!.uid : null };
}

async function connectionsPage(db: Queryable, query: ExportPageQuery): Promise<ExportPageResponse<ConnectionExportRow>> {
  const after = idCursor(query.after);
  const { rows } = await db.query<{ id: number; user_a: string; user_b: string; status: string; created_at: Date }>(
    `SELECT id, user_a, user_b, status, created_at FROM connections
      WHERE ($1::bigint IS NULL OR id > $1::bigint) ORDER BY id LIMIT $2`,
    [after, query.limit],
  );
  const out = rows.map((r) => ({
    id: Number(r.id),
    userA: r.user_a,
    userB: r.user_b,
    status: r.status,
    createdAt: r.created_at.toISOString(),
  }));
  return { rows: out, next: out.length === query.limit ? String(out.at(-1)!.id) : null };
}

async function auditLogsPage(db: Queryable, query: ExportPageQuery): Promise<ExportPageResponse<AuditLogExportRow>> {
  let afterTs: string | null = null;
  let afterId: string | null = null;
  if (query.after !== undefined) {
    const match = AUDIT_CURSOR.exec(query.after);
    if (!match) throw new CursorError('after must be the next cursor of the previous page');
    [, afterTs, afterId] = match;
  }
  // The cursor carries the timestamp to the microsecond (a JS Date would drop them and repeat or skip rows).
  const { rows } = await db.query<{
    id: number;
    ts: string;
    event: string;
    user_id: string | null;
    last_swipe_date: Date | null;
    total_active_time_formatted: string | null;
    cursor: string;
  }>(
    `SELECT id, ${ISO('timestamp')} AS ts, event, user_id, last_swipe_date, total_active_time_formatted,
            to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id AS cursor
       FROM audit_logs
      WHERE ($1::timestamptz IS NULL OR timestamp >= $1) AND ($2::timestamptz IS NULL OR timestamp < $2)
        AND ($3::timestamptz IS NULL OR (timestamp, id) > ($3::timestamptz, $4::bigint))
      ORDER BY timestamp, id LIMIT $5`,
    [query.from ?? null, query.to ?? null, afterTs, afterId, query.limit],
  );
  const out = rows.map((r) => ({
    id: Number(r.id),
    timestamp: r.ts,
    event: r.event,
    userId: r.user_id,
    lastSwipeDate: r.last_swipe_date ? r.last_swipe_date.toISOString() : null,
    totalActiveTimeFormatted: r.total_active_time_formatted,
  }));
  return { rows: out, next: rows.length === query.limit ? rows.at(-1)!.cursor : null };
}

export function readExportPage(db: Queryable, collection: ExportCollection, query: ExportPageQuery): Promise<ExportPage> {
  switch (collection) {
    case 'names':
      return namesPage(db, query);
    case 'name-analytics':
      return nameAnalyticsPage(db, query);
    case 'users':
      return usersPage(db, query);
    case 'connections':
      return connectionsPage(db, query);
    case 'audit-logs':
      return auditLogsPage(db, query);
  }
}

/** Exact: an export's progress bar should end where the file ends. Names and users from the maintained counters. */
export async function countExportRows(
  db: Queryable,
  collection: ExportCollection,
  range: Pick<ExportPageQuery, 'from' | 'to'>,
): Promise<number> {
  if (collection === 'audit-logs') {
    const { rows } = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM audit_logs
        WHERE ($1::timestamptz IS NULL OR timestamp >= $1) AND ($2::timestamptz IS NULL OR timestamp < $2)`,
      [range.from ?? null, range.to ?? null],
    );
    return rows[0]!.total;
  }
  if (collection === 'names' || collection === 'name-analytics') return (await readCounters(db, ['names'])).names;
  if (collection === 'users') return (await readCounters(db, ['users'])).users;
  const { rows } = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM connections');
  return rows[0]!.total;
}
