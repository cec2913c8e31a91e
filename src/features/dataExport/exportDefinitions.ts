// What each Data Export card writes: which collections, in which format, under which file name, and
// the catalogue toast when reading fails. The sagas stay generic; this table is the product decision.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import {
  BACKUP_VERSION,
  STREAMED_CSV_COLUMNS,
  type AuditLogExportRow,
  type ExportCollection,
  type ExportFormat,
  type ExportKind,
  type NameAnalyticsExportRow,
  type NameExportRow,
} from '../../../contract/exports';
import { fieldColumns, type CsvColumn } from '../../lib/export';
import { USER_RECORD_FIELDS } from '../../lib/userRecordChanges';
import { EXPORT_ERRORS } from './exportMessages';

/** A users record's fields in the spec's order, one column each. */
export const USER_COLUMNS: CsvColumn<UserRecord>[] = fieldColumns<UserRecord>(USER_RECORD_FIELDS);

// The columns the reference backend streams these files with (contract), so both ways write the same file.
// random_seed is present once the Database Admin migration ran; an empty cell before.
export const NAME_COLUMNS: CsvColumn<NameExportRow>[] = fieldColumns<NameExportRow>(STREAMED_CSV_COLUMNS.names);

export const AUDIT_LOG_COLUMNS: CsvColumn<AuditLogExportRow>[] = fieldColumns<AuditLogExportRow>([
  'id',
  'timestamp',
  'event',
  'userId',
  'lastSwipeDate',
  'totalActiveTimeFormatted',
]);

export const ANALYTICS_COLUMNS: CsvColumn<NameAnalyticsExportRow>[] = fieldColumns<NameAnalyticsExportRow>(
  STREAMED_CSV_COLUMNS['name-analytics'],
);

/** Rows per page read: names are many and small, so larger pages mean fewer round trips. */
export const EXPORT_PAGE_SIZES: Record<ExportCollection, number> = {
  names: 10_000,
  'name-analytics': 2000,
  users: 1000,
  connections: 1000,
  'audit-logs': 1000,
};

export interface ExportDefinition {
  kind: ExportKind;
  /** file name stem: names -> names-2026-11-22.csv */
  stem: string;
  formats: readonly ExportFormat[];
  /** the collection a single-collection export reads (a backup reads BACKUP_SOURCES) */
  collection: ExportCollection | null;
  /** the toast when reading fails */
  failureToast: string;
}

export const EXPORT_DEFINITIONS: Record<ExportKind, ExportDefinition> = {
  users: { kind: 'users', stem: 'users', formats: ['csv'], collection: 'users', failureToast: EXPORT_ERRORS.users },
  names: { kind: 'names', stem: 'names', formats: ['csv'], collection: 'names', failureToast: EXPORT_ERRORS.names },
  analytics: {
    kind: 'analytics',
    stem: 'analytics',
    formats: ['csv', 'json'],
    collection: 'name-analytics',
    failureToast: EXPORT_ERRORS.analytics,
  },
  backup: { kind: 'backup', stem: 'backup', formats: ['json'], collection: null, failureToast: EXPORT_ERRORS.backup },
  'audit-logs': {
    kind: 'audit-logs',
    stem: 'audit-logs',
    formats: ['csv'],
    collection: 'audit-logs',
    failureToast: EXPORT_ERRORS.auditLogs,
  },
};

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EXPORT_DEFINITIONS, value);
}

/** The backup's sections in file order, and the collection each is read from. */
export const BACKUP_SOURCES: readonly { section: 'users' | 'names' | 'connections' | 'audit_logs'; collection: ExportCollection }[] = [
  { section: 'users', collection: 'users' },
  { section: 'names', collection: 'names' },
  { section: 'connections', collection: 'connections' },
  { section: 'audit_logs', collection: 'audit-logs' },
];

export { BACKUP_VERSION };
