// The full backup file (spec 9: users, names, connections and audit_logs, version 1.0), written in
// parts as its pages arrive, and read back for the restore preview:
//
//   {"version":"1.0","createdAt":"…","data":{"users":[…],"names":[…],"connections":[…],"audit_logs":[…]},
//    "counts":{"users":n,…}}
//
// `counts` comes last because it is known only at the end; readers must not rely on key order.
import { GENDERS } from '../../../contract/wire';
import { BACKUP_COLLECTIONS, BACKUP_VERSION, type BackupCollection } from '../../../contract/exports';
import { echo } from '../../../contract/textRules';

export type BackupCounts = Record<BackupCollection, number>;

export function backupOpening(createdAt: string): string {
  return `{"version":${JSON.stringify(BACKUP_VERSION)},"createdAt":${JSON.stringify(createdAt)},"data":{`;
}

/** Opens one section's array; sections after the first are preceded by a comma. */
export function backupSectionOpening(section: BackupCollection, index: number): string {
  return `${index === 0 ? '' : ','}${JSON.stringify(section)}:`;
}

export function backupClosing(counts: BackupCounts): string {
  return `},"counts":${JSON.stringify(counts)}}`;
}

export interface BackupCheck {
  ok: boolean;
  /** what is wrong, first problems first (at most MAX_PROBLEMS) */
  problems: string[];
  version: string | null;
  createdAt: string | null;
  counts: Partial<BackupCounts>;
}

export const MAX_PROBLEMS = 10;

type Row = Record<string, unknown>;
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const isDateText = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** Per section: the first problem of a row, or null when the row has the shape a restore needs. */
const ROW_RULES: Record<BackupCollection, (row: Row) => string | null> = {
  users: (row) => (isText(row.uid) ? null : 'uid is missing'),
  names: (row) => {
    if (!isText(row.name)) return 'name is missing';
    if (!(GENDERS as readonly unknown[]).includes(row.gender)) return 'gender must be male, female or unisex';
    return isText(row.nationality) ? null : 'nationality is missing';
  },
  connections: (row) => (isText(row.userA) && isText(row.userB) ? null : 'userA and userB are required'),
  audit_logs: (row) => {
    if (!isText(row.event)) return 'event is missing';
    return isDateText(row.timestamp) ? null : 'timestamp must be a date';
  },
};

/** Checks a parsed backup: version 1.0, the four sections as arrays, and each row's shape. */
export function checkBackup(document: unknown): BackupCheck {
  const problems: string[] = [];
  const add = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  const result = (): BackupCheck => ({ ok: problems.length === 0, problems, version, createdAt, counts });
  const counts: Partial<BackupCounts> = {};
  let version: string | null = null;
  let createdAt: string | null = null;

  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    add('The file is not a backup: expected a JSON object with version and data.');
    return result();
  }
  const doc = document as Row;
  version = typeof doc.version === 'string' ? doc.version : null;
  createdAt = typeof doc.createdAt === 'string' ? echo(doc.createdAt) : null;
  // echo() bounds the quote: a 50 MB version string once froze the tab for 35 s in the alert.
  if (version !== BACKUP_VERSION)
    add(`Unsupported backup version ${echo(JSON.stringify(doc.version ?? null))}: expected "${BACKUP_VERSION}".`);
  const data = doc.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    add('The backup has no data section.');
    return result();
  }
  for (const section of BACKUP_COLLECTIONS) {
    const rows = (data as Row)[section];
    if (!Array.isArray(rows)) {
      add(`${section} is missing or not a list.`);
      continue;
    }
    counts[section] = rows.length;
    const rule = ROW_RULES[section];
    rows.forEach((row, index) => {
      const problem = row && typeof row === 'object' && !Array.isArray(row) ? rule(row as Row) : 'not an object';
      if (problem) add(`${section}[${index}]: ${problem}.`);
    });
  }
  return result();
}

export interface RestoreChange {
  section: BackupCollection;
  inBackup: number;
  now: number | null;
}

/** What restoring would change, section by section: rows in the file against rows in the database now. */
export function describeRestore(check: BackupCheck, current: Partial<Record<BackupCollection, number | null>>): RestoreChange[] {
  return BACKUP_COLLECTIONS.filter((s) => check.counts[s] !== undefined).map((section) => ({
    section,
    inBackup: check.counts[section]!,
    now: current[section] ?? null,
  }));
}
