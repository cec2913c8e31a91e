// Wire contract of the export reads and the database-admin calls. Types only: the server
// imports this file too.
import type { UserRecord } from './schemas/usersAudit';
import type { Gender } from './nameRules';

/** Collections the console reads whole for exports (spec 7: "reads ... are used for ... export"). */
export type ExportCollection = 'users' | 'names' | 'connections' | 'audit-logs' | 'name-analytics';
export const EXPORT_COLLECTIONS: readonly ExportCollection[] = ['users', 'names', 'connections', 'audit-logs', 'name-analytics'];

/** Rows per GET /export/{collection} page unless `limit` says otherwise, and the most one page may hold. */
export const EXPORT_PAGE_DEFAULT = 1000;
export const EXPORT_PAGE_MAX = 10_000;

/**
 * GET /api/export/{collection}?after=&limit=[&from=&to=] (admin only). Rows in keyset order (ids,
 * uids, or for audit logs timestamp then id); `next` is the opaque cursor to pass as `after` for the
 * following page, null when this page is the last. from/to (ISO dates, from inclusive, to exclusive)
 * apply to audit logs only.
 */
export interface ExportPageResponse<T> {
  rows: T[];
  next: string | null;
}

/**
 * GET /api/export/{collection}/csv (admin only): the whole collection as one CSV file (BOM, header, rows in
 * id order), streamed by the server from PostgreSQL's COPY. Only the large collections whose cells are plain
 * values; the console writes the others itself from pages. The columns, in file order:
 */
export const STREAMED_CSV_COLUMNS = {
  names: ['id', 'name', 'gender', 'nationality', 'created_at', 'random_seed'],
  'name-analytics': ['name_id', 'name', 'gender', 'nationality', 'total_swipes', 'total_likes', 'total_dislikes', 'like_ratio'],
} as const satisfies Partial<Record<ExportCollection, readonly string[]>>;
export type StreamedCsvCollection = keyof typeof STREAMED_CSV_COLUMNS;
export const STREAMED_CSV_COLLECTIONS = Object.keys(STREAMED_CSV_COLUMNS) as StreamedCsvCollection[];

/** The names collection as exported (spec 3's API fields; random_seed once the migration ran). */
export interface NameExportRow {
  /** a number on the reference backend, the document id on Firestore */
  id: number | string;
  name_id: number | string;
  name: string;
  gender: Gender;
  nationality: string;
  created_at: string;
  random_seed?: number | null;
}

export interface ConnectionExportRow {
  id: number | string;
  userA: string;
  userB: string;
  status: string;
  createdAt: string;
}

/** Spec 3's audit log fields. */
export interface AuditLogExportRow {
  id: number | string;
  timestamp: string;
  event: string;
  userId: string | null;
  lastSwipeDate: string | null;
  totalActiveTimeFormatted: string | null;
}

/** One name's swipe figures: the analytics export. */
export interface NameAnalyticsExportRow {
  name_id: number | string;
  name: string;
  gender: Gender;
  nationality: string;
  total_swipes: number;
  total_likes: number;
  total_dislikes: number;
  /** likes / swipes, 0..1 with four decimals; null without swipes */
  like_ratio: number | null;
}

/** The row type of each collection's pages. */
export interface ExportRowOf {
  users: UserRecord;
  names: NameExportRow;
  connections: ConnectionExportRow;
  'audit-logs': AuditLogExportRow;
  'name-analytics': NameAnalyticsExportRow;
}

export type ExportKind = 'users' | 'names' | 'analytics' | 'backup' | 'audit-logs';
export type ExportFormat = 'csv' | 'json';

/** The full backup document (spec 9: users, names, connections and audit_logs, version 1.0). */
export const BACKUP_VERSION = '1.0';
export const BACKUP_COLLECTIONS = ['users', 'names', 'connections', 'audit_logs'] as const;
export type BackupCollection = (typeof BACKUP_COLLECTIONS)[number];
