// Export reads on Cloud Firestore: each collection in a stable order (document id; audit logs by
// timestamp then id) with startAfter/limit, so a page costs `limit` document reads wherever it is.
import {
  collection,
  documentId,
  limit as limitTo,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentData,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { Gender } from '../../../contract/nameRules';
import type {
  AuditLogExportRow,
  ConnectionExportRow,
  ExportCollection,
  ExportPageResponse,
  NameAnalyticsExportRow,
  NameExportRow,
} from '../../../contract/exports';
import { HttpError } from '../../api/errors';
import { joinUrl, requestJson } from '../../api/http';
import type { ExportPageRequest, ExportPort } from '../ports';
import { reader, type ReadMeter } from './readMeter';
import { swipeCountOf, toIsoDate, toUserRecord } from './userRecord';

/** Firestore collection of each export collection (spec 7's collection names). */
export const FIRESTORE_COLLECTION: Record<ExportCollection, string> = {
  users: 'users',
  names: 'names',
  connections: 'connections',
  'audit-logs': 'audit_logs',
  'name-analytics': 'names',
};

type Data = DocumentData;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const gender = (value: unknown): Gender => (value === 'female' || value === 'unisex' ? value : 'male');

/** A swipedBy entry counts as a like when it says so: true, 'like', or { liked: true } / { action: 'like' }. */
export function isLike(entry: unknown): boolean {
  if (entry === true || entry === 'like' || entry === 'liked') return true;
  if (entry && typeof entry === 'object') {
    const e = entry as { liked?: unknown; action?: unknown; direction?: unknown };
    return e.liked === true || e.action === 'like' || e.direction === 'right';
  }
  return false;
}

export function toNameExportRow(id: string, data: Data): NameExportRow {
  const nameId = typeof data.name_id === 'number' || typeof data.name_id === 'string' ? data.name_id : id;
  return {
    id,
    name_id: nameId,
    name: text(data.name),
    gender: gender(data.gender),
    nationality: text(data.nationality),
    created_at: toIsoDate(data.createdAt ?? data.created_at) ?? '',
    ...(typeof data.random_seed === 'number' ? { random_seed: data.random_seed } : {}),
  };
}

export function toNameAnalyticsRow(id: string, data: Data): NameAnalyticsExportRow {
  const total = swipeCountOf(data);
  const swipedBy = (data.swipedBy && typeof data.swipedBy === 'object' ? data.swipedBy : {}) as Record<string, unknown>;
  const likes = Object.values(swipedBy).filter(isLike).length;
  const base = toNameExportRow(id, data);
  return {
    name_id: base.name_id,
    name: base.name,
    gender: base.gender,
    nationality: base.nationality,
    total_swipes: total,
    total_likes: likes,
    total_dislikes: total - likes,
    like_ratio: total > 0 ? Math.round((likes / total) * 10_000) / 10_000 : null,
  };
}

export function toConnectionRow(id: string, data: Data): ConnectionExportRow {
  return { id, userA: text(data.userA), userB: text(data.userB), status: text(data.status), createdAt: toIsoDate(data.createdAt) ?? '' };
}

export function toAuditLogRow(id: string, data: Data): AuditLogExportRow {
  return {
    id,
    timestamp: toIsoDate(data.timestamp) ?? '',
    event: text(data.event),
    userId: typeof data.userId === 'string' ? data.userId : null,
    lastSwipeDate: toIsoDate(data.lastSwipeDate),
    totalActiveTimeFormatted: typeof data.totalActiveTimeFormatted === 'string' ? data.totalActiveTimeFormatted : null,
  };
}

const MAPPERS: { [C in ExportCollection]: (id: string, data: Data) => unknown } = {
  users: (id, data) => toUserRecord(id, data),
  names: toNameExportRow,
  connections: toConnectionRow,
  'audit-logs': toAuditLogRow,
  'name-analytics': toNameAnalyticsRow,
};

function rangeConstraints({ from, to }: Pick<ExportPageRequest, 'from' | 'to'>): QueryConstraint[] {
  const constraints: QueryConstraint[] = [];
  if (from) constraints.push(where('timestamp', '>=', Timestamp.fromDate(new Date(from))));
  if (to) constraints.push(where('timestamp', '<', Timestamp.fromDate(new Date(to))));
  return constraints;
}

/** Audit-log cursor: the last row's timestamp (millis and nanos) and document id, as JSON. */
function auditCursor(timestamp: unknown, id: string): string {
  const ts = timestamp instanceof Timestamp ? timestamp : Timestamp.fromDate(new Date(toIsoDate(timestamp) ?? 0));
  return JSON.stringify([ts.seconds, ts.nanoseconds, id]);
}

function parseAuditCursor(cursor: string): [Timestamp, string] {
  const value: unknown = JSON.parse(cursor);
  if (!Array.isArray(value) || value.length !== 3) throw new Error('Invalid audit-log cursor');
  const [seconds, nanos, id] = value as [number, number, string];
  return [new Timestamp(seconds, nanos), id];
}

export function createFirestoreExports(db: Firestore, recordRun: ExportPort['recordRun'], meter?: ReadMeter): ExportPort {
  const r = reader(meter);
  return {
    async readPage(name, request) {
      const source = collection(db, FIRESTORE_COLLECTION[name]);
      const constraints: QueryConstraint[] = [];
      if (name === 'audit-logs') {
        constraints.push(...rangeConstraints(request), orderBy('timestamp'), orderBy(documentId()));
        if (request.after) constraints.push(startAfter(...parseAuditCursor(request.after)));
      } else {
        constraints.push(orderBy(documentId()));
        if (request.after) constraints.push(startAfter(request.after));
      }
      constraints.push(limitTo(request.limit));
      const snapshot = await r.docs(query(source, ...constraints));
      const mapper = MAPPERS[name];
      const rows = snapshot.docs.map((d) => mapper(d.id, d.data()));
      const last = snapshot.docs.at(-1);
      const next =
        snapshot.docs.length === request.limit && last
          ? name === 'audit-logs'
            ? auditCursor(last.data().timestamp, last.id)
            : last.id
          : null;
      return { rows, next } as ExportPageResponse<never>;
    },
    async count(name, range) {
      const source = collection(db, FIRESTORE_COLLECTION[name]);
      return r.count(name === 'audit-logs' ? query(source, ...rangeConstraints(range)) : source);
    },
    recordRun,
  };
}

export interface HostedApiRecorderOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken(): Promise<string | null>;
}

/**
 * The browser never writes a trail record itself: it asks the hosted API to (POST /export/runs), through the console's
 * one HTTP client (src/api/http.ts: the token, the timeout, a 401 ending the session, the error's reason). A hosted
 * API without that route (404) has no trail to write to, and the export goes ahead.
 */
export function hostedApiRunRecorder({ apiBaseUrl, timeoutMs, getToken }: HostedApiRecorderOptions): ExportPort['recordRun'] {
  return async (run) => {
    try {
      await requestJson<unknown>(joinUrl(apiBaseUrl, 'export/runs'), { method: 'POST', body: run, token: await getToken(), timeoutMs });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return;
      throw error;
    }
  };
}
