// A backup row as the server stages it (backup_restore_rows.payload, migration 062): checked by the contract's row
// rules (contract/backupRestore.ts), then turned into the table's own columns, so that the apply is plain SQL that
// cannot fail on a value: `jsonb_populate_record(NULL::users, defaults || payload)` inserts a row,
// `to_jsonb(current) || payload` overwrites one (restores/restoreApply.ts).
//
// What the payload holds, per column:
// - a nullable column: always, the file's value or null (an absent field is written as null);
// - a NOT NULL column with a default (account_active, created_at, ...): only when the file gives a value, so that an
//   insert takes the column's default and an overwrite keeps the current value;
// - dates as text PostgreSQL reads exactly as meant: ISO 8601 text is kept as written (the names export carries
//   microseconds, which a JS Date would drop), anything else Date.parse reads is rewritten as ISO 8601.
import { backupRowKey, backupRowProblem, notSentProblem, RESTORE_ROW_MAX_BYTES } from '../../../contract/backupRestore';
import type { BackupCollection } from '../../../contract/exports';
import { firstLetter } from '../../../contract/nameRules';

type Row = Record<string, unknown>;
export type StagedPayload = Record<string, unknown>;

export type StagedRow = { ok: true; key: string; payload: StagedPayload } | { ok: false; problem: string };

const INT_MAX = 2_147_483_647;

// ISO 8601 as PostgreSQL reads it: a date, optionally a time (seconds and a fraction optional), optionally a zone.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const HAS_LETTER = /[A-Za-z]/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The date as text PostgreSQL stores as meant, or a problem. Stricter than the contract's rule (any text
 * Date.parse reads): "2026-02-31" is not rolled over into March, "1" is not read as 2001, years are 1 to 9999.
 * Text without a zone is UTC, as the backup writes every instant.
 */
export function storableDate(field: string, value: string): { text: string } | { problem: string } {
  const iso = ISO.exec(value.trim());
  if (iso) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = iso;
    const [zoneHours, zoneMinutes] =
      zone && zone.toUpperCase() !== 'Z' ? [Number(zone.slice(1, 3)), Number(zone.replace(':', '').slice(3) || 0)] : [0, 0];
    const year = Number(y);
    const month = Number(mo);
    const valid =
      year >= 1 &&
      month >= 1 &&
      month <= 12 &&
      Number(d) >= 1 &&
      Number(d) <= daysIn(year, month) &&
      Number(h) <= 23 &&
      Number(mi) <= 59 &&
      Number(s) <= 59 &&
      zoneHours <= 15 &&
      zoneMinutes <= 59;
    if (!valid) return { problem: `${field} is not a valid date (${value.slice(0, 40)})` };
    return { text: zone ? value.trim() : `${value.trim()}${iso[4] === undefined ? 'T00:00:00' : ''}Z` };
  }
  // Other forms Date.parse reads ("Tue, 04 Mar 2026 10:00:00 GMT"): only with a month or zone named in letters,
  // so that bare numbers are not taken for dates.
  const time = Date.parse(value);
  if (!HAS_LETTER.test(value) || Number.isNaN(time)) return { problem: `${field} must be an ISO 8601 date (found ${value.slice(0, 40)})` };
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) return { problem: `${field} is outside the years 1 to 9999` };
  return { text: date.toISOString() };
}

interface ColumnRule {
  /** the backup's field */
  field: string;
  /** the table's column */
  column: string;
  kind: 'text' | 'bool' | 'date' | 'int' | 'object' | 'number';
  /** NOT NULL with a default: left out of the payload when the file gives no value */
  defaulted?: boolean;
}

const text = (field: string, column: string, defaulted = false): ColumnRule => ({ field, column, kind: 'text', defaulted });
const date = (field: string, column: string, defaulted = false): ColumnRule => ({ field, column, kind: 'date', defaulted });
const bool = (field: string, column: string): ColumnRule => ({ field, column, kind: 'bool', defaulted: true });

/** Each collection's fields and the columns they fill (migration 001; the names export's names are its columns). */
const COLUMNS: Record<BackupCollection, ColumnRule[]> = {
  users: [
    text('uid', 'uid'),
    text('email', 'email'),
    text('username', 'username'),
    text('displayName', 'display_name'),
    bool('accountActive', 'account_active'),
    bool('isPremium', 'is_premium'),
    date('createdAt', 'created_at', true),
    date('updatedAt', 'updated_at', true),
    date('lastLogin', 'last_login'),
    date('lastActiveDate', 'last_active_date'),
    text('preferredGender', 'preferred_gender', true),
    text('preferredNationality', 'preferred_nationality', true),
    text('preferredLanguage', 'preferred_language', true),
    text('connectedUserId', 'connected_user_id'),
    text('connectionStatus', 'connection_status'),
    bool('connectionRequestSent', 'connection_request_sent'),
    { field: 'dailySwipeCount', column: 'daily_swipe_count', kind: 'int', defaulted: true },
    date('lastSwipeDate', 'last_swipe_date'),
    bool('isAdmin', 'is_admin'),
    { field: 'notificationSettings', column: 'notification_settings', kind: 'object', defaulted: true },
    text('totalActiveTimeFormatted', 'total_active_time_formatted', true),
  ],
  names: [
    { field: 'id', column: 'id', kind: 'int' },
    text('name', 'name'),
    text('gender', 'gender'),
    text('nationality', 'nationality'),
    date('created_at', 'created_at', true),
    // Only where Database Admin's migration added the column (the apply leaves it out otherwise).
    { field: 'random_seed', column: 'random_seed', kind: 'number', defaulted: true },
  ],
  connections: [
    { field: 'id', column: 'id', kind: 'int' },
    text('userA', 'user_a'),
    text('userB', 'user_b'),
    text('status', 'status', true),
    date('createdAt', 'created_at', true),
  ],
  audit_logs: [
    { field: 'id', column: 'id', kind: 'int' },
    date('timestamp', 'timestamp'),
    text('event', 'event'),
    text('userId', 'user_id'),
    date('lastSwipeDate', 'last_swipe_date'),
    text('totalActiveTimeFormatted', 'total_active_time_formatted'),
  ],
};

/** The columns a collection's payload may fill, for the apply's column lists. */
export const STAGED_COLUMNS: Record<BackupCollection, readonly string[]> = {
  users: [...COLUMNS.users.map((c) => c.column), 'version'],
  names: [...COLUMNS.names.map((c) => c.column), 'first_letter'],
  connections: COLUMNS.connections.map((c) => c.column),
  audit_logs: COLUMNS.audit_logs.map((c) => c.column),
};

function columnValue(rule: ColumnRule, value: unknown): { value: unknown } | { problem: string } {
  switch (rule.kind) {
    case 'date': {
      const stored = storableDate(rule.field, value as string);
      return 'problem' in stored ? stored : { value: stored.text };
    }
    case 'int': {
      // Ids arrive as numbers or digit strings (the contract allows both); the count is a number.
      if (rule.column === 'daily_swipe_count' && (value as number) > INT_MAX) return { problem: `${rule.field} is too large` };
      return { value: typeof value === 'string' ? value : String(value) };
    }
    case 'number':
      return { value };
    default:
      return { value };
  }
}

function payloadOf(collection: BackupCollection, row: Row): { payload: StagedPayload } | { problem: string } {
  const payload: StagedPayload = {};
  for (const rule of COLUMNS[collection]) {
    const value = row[rule.field];
    // random_seed: a number or nothing (a seed the file lacks is drawn anew, as the column's default does).
    const absent =
      value === undefined || value === null || (rule.kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value)));
    if (absent) {
      if (!rule.defaulted) payload[rule.column] = null;
      continue;
    }
    const converted = columnValue(rule, value);
    if ('problem' in converted) return converted;
    payload[rule.column] = converted.value;
  }
  if (collection === 'users') {
    // The record's version, as the export wrote it: an inserted user keeps it (an overwrite grows it instead).
    const version = row.version;
    if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 1 && version <= INT_MAX) payload.version = version;
  }
  if (collection === 'names') payload.first_letter = firstLetter(row.name as string);
  return { payload };
}

/** The row's byte size as JSON (what RESTORE_ROW_MAX_BYTES bounds), stopping early for a huge one. */
function tooLarge(row: unknown): boolean {
  const json = JSON.stringify(row) ?? '';
  // A character is at most 3 UTF-8 bytes: short text needs no counting.
  return json.length * 3 > RESTORE_ROW_MAX_BYTES && Buffer.byteLength(json, 'utf8') > RESTORE_ROW_MAX_BYTES;
}

/** A file row, checked and turned into what is staged; or the first reason it is refused. */
export function stageRow(collection: BackupCollection, row: unknown): StagedRow {
  const notSent = notSentProblem(row);
  if (notSent !== null) return { ok: false, problem: notSent };
  if (tooLarge(row)) return { ok: false, problem: `the row is larger than ${RESTORE_ROW_MAX_BYTES} bytes as JSON` };
  const problem = backupRowProblem(collection, row);
  if (problem !== null) return { ok: false, problem };
  const staged = payloadOf(collection, row as Row);
  if ('problem' in staged) return { ok: false, problem: staged.problem };
  return { ok: true, key: backupRowKey(collection, row as Row), payload: staged.payload };
}

/**
 * A staged payload back in the backup's own field names, as a Firestore document of the app holds it (Firebase
 * mode, restores/firestoreRestore.ts): dates as Date (the Admin SDK stores a Timestamp, which the console reads back
 * as the same ISO instant), a null or absent value left out (the console reads an absent field as its default, as
 * src/backend/shared/userRecord.ts does), the id of a connection or audit log left out (it is the document's id).
 */
export function documentOf(collection: BackupCollection, payload: StagedPayload): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const rule of COLUMNS[collection]) {
    if (collection !== 'users' && rule.field === 'id') continue;
    const value = payload[rule.column];
    if (value === undefined || value === null) continue;
    // Dates as instants; a whole number (staged as text for PostgreSQL) as a number again.
    document[rule.field] = rule.kind === 'date' ? new Date(value as string) : rule.kind === 'int' ? Number(value) : value;
  }
  return document;
}
