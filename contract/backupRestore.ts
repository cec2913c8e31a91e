// Wire contract of restoring the spec's full backup (version 1.0: users, names, connections, audit_logs; see
// backupDocument in the console for the file's layout). The schemas are in endpoints.ts; this file holds the
// types, the constants both ends obey, and the row rules both ends apply (the console names a bad row while it
// reads the file, the server refuses it again where it lands).
//
// The reference backend restores in three steps, each one call or a series of calls:
//   1. POST /api/admin/restores { fileName, fileSize } opens a restore; nothing is written to the data yet.
//      POST /api/admin/restores/:id/rows sends the file's rows, collection by collection, in batches of at most
//      RESTORE_BATCH_MAX_ROWS: they are staged beside the data, each checked (a refused row is counted and named).
//   2. POST /api/admin/restores/:id/check says the file was read to its end (with what the console counted):
//      the answer's `plan` says, per collection, what each mode would do, and which sign-in rights would change.
//   3. POST /api/admin/restores/:id/apply { mode, confirmAdminChanges } starts the write in the background (202);
//      GET /api/admin/restores/:id reports progress and, at the end, the report. It is one transaction: a failure
//      or POST /api/admin/restores/:id/cancel leaves the data as it was. Except in Firebase mode, where the hosted
//      API writes users, connections and audit_logs to Firestore in batches (Firestore has no transaction that
//      large): the plan's writeNote says so, and a failure or cancel part-way leaves the batches written so far,
//      which the restore's report (its `partial` line and figures) names, in state failed or cancelled.
// Modes:
//   - add: a record whose id is absent is created; one that exists is kept as it is (never overwritten). Run twice,
//     the second run adds nothing. Names whose id is in the trash come back from the trash (with their swipes).
//   - replace: the four collections become exactly the file. Before writing, the server saves the current four
//     collections as a backup file of the same format (`beforeBackupFile`, named in the plan). Names not in the file
//     move to the trash (with their swipes: a restore from the trash brings them back); users not in the file are
//     deleted with what hangs off them (their swipes and connection requests: the plan counts them). A file with a
//     refused row is not applied in replace mode.
import { BACKUP_COLLECTIONS, type BackupCollection } from './exports';
import { GENDERS } from './nameRules';

export const RESTORE_MODES = ['add', 'replace'] as const;
export type RestoreMode = (typeof RESTORE_MODES)[number];

/**
 * staging: rows are arriving; ready: the file was read to its end and the plan is known; applying: the write runs;
 * done / failed / cancelled: ended (failed and cancelled wrote nothing).
 */
export const RESTORE_STATES = ['staging', 'ready', 'applying', 'done', 'failed', 'cancelled'] as const;
export type RestoreState = (typeof RESTORE_STATES)[number];

/** Rows per POST .../rows, and the most bytes one row may take as JSON (a larger one is refused, not sent). */
export const RESTORE_BATCH_MAX_ROWS = 1000;
export const RESTORE_ROW_MAX_BYTES = 16 * 1024;
/** Problems kept per restore (the first ones, in file order per collection). */
export const RESTORE_MAX_PROBLEMS = 50;

export { BACKUP_COLLECTIONS, type BackupCollection };

// ---------------------------------------------------------------------------------------------------
// The row rules: what a row of each collection must be to be restored. A problem is worded for the operator
// and names the field; the row's position is added by the caller ("names[12]: gender must be ...").

type Row = Record<string, unknown>;

/** Keys that would reach an object's prototype if a reader assigned them: refused wherever they appear. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_TEXT = 1000;
// C0/C1 control characters other than tab, LF and CR: no field of a backup carries them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UID = /^[A-Za-z0-9_-]{1,128}$/;

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const isDate = (v: unknown) => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

function textProblem(row: Row, field: string, { required, max = MAX_TEXT }: { required: boolean; max?: number }): string | null {
  const v = row[field];
  if (v === undefined || v === null) return required ? `${field} is missing` : null;
  if (typeof v !== 'string') return `${field} must be text`;
  if (required && v.trim() === '') return `${field} is empty`;
  if (v.length > max) return `${field} is longer than ${max} characters`;
  if (CONTROL.test(v)) return `${field} contains control characters`;
  return null;
}
function dateProblem(row: Row, field: string, required: boolean): string | null {
  const v = row[field];
  if (v === undefined || v === null) return required ? `${field} is missing` : null;
  return isDate(v) ? null : `${field} must be a date`;
}
function boolProblem(row: Row, field: string): string | null {
  const v = row[field];
  // isAdmin: "true" is refused, not read as true: a restore must not grant sign-in rights on a guess.
  return v === undefined || typeof v === 'boolean' ? null : `${field} must be true or false (found ${JSON.stringify(v).slice(0, 20)})`;
}
function idProblem(row: Row, field: string): string | null {
  const v = row[field];
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1) return null;
  if (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v)) return null;
  return `${field} must be a positive whole number`;
}
function firstProblem(checks: (string | null)[]): string | null {
  return checks.find((p) => p !== null) ?? null;
}

const RULES: Record<BackupCollection, (row: Row) => string | null> = {
  users: (row) =>
    firstProblem([
      typeof row.uid === 'string' && UID.test(row.uid) ? null : 'uid must be 1 to 128 letters, digits, _ or -',
      textProblem(row, 'email', { required: false, max: 320 }),
      textProblem(row, 'username', { required: false }),
      textProblem(row, 'displayName', { required: false }),
      boolProblem(row, 'isAdmin'),
      boolProblem(row, 'isPremium'),
      boolProblem(row, 'accountActive'),
      boolProblem(row, 'connectionRequestSent'),
      dateProblem(row, 'createdAt', false),
      dateProblem(row, 'updatedAt', false),
      dateProblem(row, 'lastLogin', false),
      dateProblem(row, 'lastActiveDate', false),
      dateProblem(row, 'lastSwipeDate', false),
      row.dailySwipeCount === undefined || (Number.isSafeInteger(row.dailySwipeCount) && (row.dailySwipeCount as number) >= 0)
        ? null
        : 'dailySwipeCount must be a whole number',
      row.notificationSettings === undefined || isObject(row.notificationSettings) ? null : 'notificationSettings must be an object',
      textProblem(row, 'preferredGender', { required: false, max: 32 }),
      textProblem(row, 'preferredNationality', { required: false, max: 100 }),
      textProblem(row, 'preferredLanguage', { required: false, max: 32 }),
      textProblem(row, 'connectedUserId', { required: false, max: 128 }),
      textProblem(row, 'connectionStatus', { required: false, max: 32 }),
      textProblem(row, 'totalActiveTimeFormatted', { required: false, max: 64 }),
    ]),
  names: (row) =>
    firstProblem([
      idProblem(row, 'id'),
      textProblem(row, 'name', { required: true, max: 100 }),
      (GENDERS as readonly unknown[]).includes(row.gender) ? null : 'gender must be male, female or unisex',
      textProblem(row, 'nationality', { required: true, max: 100 }),
      dateProblem(row, 'created_at', false),
    ]),
  connections: (row) =>
    firstProblem([
      idProblem(row, 'id'),
      typeof row.userA === 'string' && UID.test(row.userA) ? null : 'userA must be a user id',
      typeof row.userB === 'string' && UID.test(row.userB) ? null : 'userB must be a user id',
      textProblem(row, 'status', { required: false, max: 32 }),
      dateProblem(row, 'createdAt', false),
    ]),
  audit_logs: (row) =>
    firstProblem([
      idProblem(row, 'id'),
      textProblem(row, 'event', { required: true, max: 100 }),
      dateProblem(row, 'timestamp', true),
      textProblem(row, 'userId', { required: false, max: 128 }),
      dateProblem(row, 'lastSwipeDate', false),
      textProblem(row, 'totalActiveTimeFormatted', { required: false, max: 64 }),
    ]),
};

function forbiddenKey(value: unknown, depth = 0): string | null {
  if (depth > 3 || typeof value !== 'object' || value === null) return null;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return key;
    const inner = forbiddenKey((value as Row)[key], depth + 1);
    if (inner) return inner;
  }
  return null;
}

/** The row's first problem, or null when it can be restored. */
export function backupRowProblem(collection: BackupCollection, row: unknown): string | null {
  if (!isObject(row)) return 'not an object';
  const forbidden = forbiddenKey(row);
  if (forbidden) return `the key ${forbidden} is not allowed`;
  return RULES[collection](row);
}

/** The key a row is known by in its collection (uid, or the numeric id as text): how duplicates are found. */
export function backupRowKey(collection: BackupCollection, row: Row): string {
  return collection === 'users' ? String(row.uid) : String(row.id);
}

/**
 * A row the console refuses without sending it (larger than RESTORE_ROW_MAX_BYTES) goes in its batch as this small
 * stand-in, at its own place: the rows after it keep their positions (rows[i] is at firstIndex + i), and the server
 * counts it read and refused with the console's reason. Left out instead, it would leave a hole the server can only
 * report as rows that never arrived (a lost batch), which refuses the whole restore.
 */
export const NOT_SENT_ROW_KEY = '$notSent';
const NOT_SENT_MAX_TEXT = 200;

export function notSentRow(problem: string): Record<string, string> {
  return { [NOT_SENT_ROW_KEY]: problem.slice(0, NOT_SENT_MAX_TEXT) };
}

/** The console's reason when `row` is a stand-in from notSentRow, else null. */
export function notSentProblem(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  const keys = Object.keys(row);
  if (keys.length !== 1 || keys[0] !== NOT_SENT_ROW_KEY) return null;
  const problem = (row as Record<string, unknown>)[NOT_SENT_ROW_KEY];
  if (typeof problem !== 'string' || problem.trim() === '' || CONTROL.test(problem)) return 'refused by the console without being sent';
  return problem.slice(0, NOT_SENT_MAX_TEXT);
}
