// The audit trail as CSV: the spec's audit log fields first, then what a console action adds.
import type { AuditEntry } from '../../../contract/schemas/usersAudit';
import { cellOf, createCsvWriter, type CsvColumn } from '../../lib/export';

const consoleField = <K extends 'targetType' | 'targetId' | 'before' | 'after' | 'details'>(field: K) => ({
  header: field,
  value: (e: AuditEntry) => (e.source === 'console' ? cellOf(e[field]) : ''),
});

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'timestamp', value: (e) => e.timestamp },
  { header: 'event', value: (e) => e.event },
  { header: 'userId', value: (e) => e.userId ?? '' },
  { header: 'lastSwipeDate', value: (e) => (e.source === 'app' ? (e.lastSwipeDate ?? '') : '') },
  { header: 'totalActiveTimeFormatted', value: (e) => (e.source === 'app' ? (e.totalActiveTimeFormatted ?? '') : '') },
  { header: 'source', value: (e) => e.source },
  { header: 'actorEmail', value: (e) => (e.source === 'console' ? e.actor.email : '') },
  { header: 'actorUid', value: (e) => (e.source === 'console' ? e.actor.uid : '') },
  consoleField('targetType'),
  consoleField('targetId'),
  consoleField('before'),
  consoleField('after'),
  consoleField('details'),
];

export const auditCsvWriter = () => createCsvWriter(AUDIT_CSV_COLUMNS);
