// The Restore card's words: what each mode does (stated before the operator confirms), the sign-in rights a
// restore would change, and the failures, in the catalogue's style ('Failed to ...: {reason}', spec 8).
import type { RestoreMode } from '../../../../contract/backupRestore';
import type { RestorePlan, RestoreReport, RestoreSession } from '../../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../../contract/exports';
import { unsafeCharProblem } from '../../../../contract/nameRules';
import { formatCount } from '../../../lib/format';

export const RESTORE_TOASTS = {
  checkFailed: 'Failed to check backup',
  restoreFailed: 'Failed to restore backup',
  restored: 'Backup restored',
} as const;

export const checkFailedMessage = (fileName: string, reason: string) => `Failed to check ${fileName}: ${reason}`;
export const restoreFailedMessage = (fileName: string, reason: string) => `Failed to restore ${fileName}: ${reason}`;
export const cancelFailedMessage = (reason: string) => `Failed to cancel the restore: ${reason}`;
export const listFailedMessage = (reason: string) => `Failed to load recent restores: ${reason}`;

export const NOTHING_WRITTEN = 'Nothing was written.';

/** How the copy a replace downloads first is named (restoreSaga.ts BEFORE_RESTORE_STEM, dated by day). */
export const BEFORE_RESTORE_FILE_HINT = 'backup-before-restore-<date>.json';

/** A restore that stopped part-way (Firebase mode's Firestore batches): the headline of its end. */
export const stoppedPartWayMessage = (fileName: string, state: 'cancelled' | 'failed') =>
  `Restore of ${fileName} ${state === 'cancelled' ? 'cancelled' : 'failed'} part-way: what was written before it stopped stays.`;

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
/** The verb for a count: 'is' / 'are', 'moves' / 'move'. */
const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * MAX_FILE_NAME_LENGTH of contract/endpoints.ts, which is not imported here: it would bring the schemas (and TypeBox)
 * into the page.
 */
const MAX_FILE_NAME_CHARACTERS = 255;

/** The file's name as the server takes it (visible text, at most 255 characters): what cannot be shown becomes _. */
export function restoreFileName(name: string): string {
  const shown = Array.from(name, (ch) => (unsafeCharProblem(ch) ? '_' : ch))
    .slice(0, MAX_FILE_NAME_CHARACTERS)
    .join('');
  return shown.trim() === '' ? 'backup.json' : shown;
}

export const COLLECTION_LABELS: Record<BackupCollection, string> = {
  users: 'Users',
  names: 'Names',
  connections: 'Connections',
  audit_logs: 'Audit logs',
};

export const MODE_TITLES: Record<RestoreMode, string> = {
  add: 'Add what is missing',
  replace: 'Replace',
};

/** What "add" would do with this file, in the plan's figures. */
export function addModeText(plan: RestorePlan): string {
  const created = BACKUP_COLLECTIONS.reduce((n, c) => n + plan.collections[c].missing, 0);
  const back = plan.collections.names.inTrash;
  const kept = BACKUP_COLLECTIONS.reduce((n, c) => n + plan.collections[c].existing, 0);
  return (
    `Records whose id is absent are created (${plural(created, 'record')}` +
    (back > 0 ? `, and ${plural(back, 'name')} ${verb(back, 'comes', 'come')} back from the trash` : '') +
    `); existing records (${formatCount(kept)}) are kept as they are, never overwritten. Safe to run twice: the second run adds nothing.`
  );
}

/** What "replace" would do with this file: what it removes, what goes with the users it deletes, the file it saves first. */
export function replaceModeText(plan: RestorePlan, beforeBackupFile: string): string {
  const { collections: c, replaceTakes } = plan;
  const overwritten = BACKUP_COLLECTIONS.reduce((n, k) => n + c[k].existing, 0);
  return [
    `The four collections become exactly the file: ${formatCount(overwritten)} existing records are overwritten with the file's values.`,
    `${plural(c.names.extra, 'name')} not in the file ${verb(c.names.extra, 'moves', 'move')} to the trash.`,
    `${plural(c.users.extra, 'user')} not in the file ${verb(c.users.extra, 'is', 'are')} deleted with their ${plural(
      replaceTakes.swipes,
      'swipe',
    )} and ${plural(replaceTakes.connectionRequests, 'connection request')}.`,
    `${plural(c.connections.extra, 'connection')} and ${plural(c.audit_logs.extra, 'audit log')} not in the file are deleted.`,
    plan.beforeBackup === 'console'
      ? `The current state is first downloaded as a full backup (${BEFORE_RESTORE_FILE_HINT}); nothing is written until it is saved.`
      : `The current state is first saved on the server as ${beforeBackupFile}.`,
    // A hosted API in Firebase mode writes Firestore in batches: its plan says so.
    ...(plan.writeNote ? [plan.writeNote] : []),
  ].join(' ');
}

/** How many sign-in rights the mode would change. */
export function adminChangeCount(plan: RestorePlan, mode: RestoreMode): number {
  const { add, replace } = plan.adminChanges;
  return mode === 'add' ? add.granted : replace.granted + replace.revoked;
}

/** '2 users would become admins: a@x.com, b@y.com' (and who would stop being one), for the mode. */
export function adminChangesText(plan: RestorePlan, mode: RestoreMode): string {
  const { add, replace, examples } = plan.adminChanges;
  const granted = mode === 'add' ? add.granted : replace.granted;
  const revoked = mode === 'add' ? 0 : replace.revoked;
  const named = (change: 'granted' | 'revoked', count: number) => {
    const who = examples.filter((e) => e.change === change && e.modes.includes(mode)).map((e) => e.email ?? e.uid);
    const more = count - who.length;
    return `${who.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
  };
  const parts: string[] = [];
  if (granted > 0)
    parts.push(`${plural(granted, 'user')} would become ${granted === 1 ? 'an admin' : 'admins'}: ${named('granted', granted)}`);
  if (revoked > 0)
    parts.push(`${plural(revoked, 'admin')} would no longer be ${revoked === 1 ? 'an admin' : 'admins'}: ${named('revoked', revoked)}`);
  return `${parts.join('; ')}.`;
}

/** The job's headline once the file is checked. */
export function checkedMessage(session: RestoreSession): string {
  const figures = BACKUP_COLLECTIONS.map((c) => session.plan?.collections[c] ?? { read: 0, refused: 0 });
  const read = figures.reduce((n, f) => n + f.read, 0);
  const refused = figures.reduce((n, f) => n + f.refused, 0);
  return `${session.fileName} checked: ${plural(read, 'row')} read, ${formatCount(refused)} refused. Nothing was written yet: choose how to restore it below.`;
}

/** The job's headline once the restore is applied. */
export function restoredMessage(session: RestoreSession, report: RestoreReport): string {
  const total = (key: 'added' | 'kept' | 'replaced' | 'removed' | 'restoredFromTrash') =>
    BACKUP_COLLECTIONS.reduce((n, c) => n + report.collections[c][key], 0);
  const mode = session.mode === 'replace' ? 'replaced' : 'added what was missing';
  const parts =
    session.mode === 'replace'
      ? [`${formatCount(total('added'))} added`, `${formatCount(total('replaced'))} replaced`, `${formatCount(total('removed'))} removed`]
      : [`${formatCount(total('added'))} added`, `${formatCount(total('kept'))} kept`];
  if (total('restoredFromTrash') > 0) parts.push(`${formatCount(total('restoredFromTrash'))} restored from the trash`);
  return `Restored ${session.fileName} (${mode}): ${parts.join(', ')}.`;
}
