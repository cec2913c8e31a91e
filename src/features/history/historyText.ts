// How the History drawer words an entry: who, each change "before → after", and what a revert will do. Times are
// src/lib/format.ts's (UTC, stated).
import type { HistoryTargetType } from '../../../contract/dataSafety';
import type { HistoryChange, HistoryEntry } from '../../../contract/schemas/dataSafety';

/** A value as the history shows it: text in quotes, booleans and numbers as they are, nothing as a dash. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return `“${value}”`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** "isPremium: false → true" */
export function changeText(change: HistoryChange): string {
  return `${change.field}: ${historyValue(change.before)} → ${historyValue(change.after)}`;
}

/** Who made the change: the operator's email, "the app" for the app's own events, the importing operator for an import. */
export function whoText(entry: HistoryEntry): string {
  if (entry.source === 'app') return 'the app';
  if (entry.actor) return entry.actor.email;
  return entry.source === 'import' ? 'an import' : 'an unknown operator';
}

/** What reverting the entry does, for its confirmation and its toast: "set isPremium back to false". */
export function revertAction(entry: HistoryEntry, targetType: HistoryTargetType): string {
  if (entry.changes.length === 0) return `restore this ${targetType} from the trash`;
  const parts = entry.changes.map((c) => `${c.field} back to ${historyValue(c.before)}`);
  return `set ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`}`;
}

/** The revert confirmation's question: "Revert: set isPremium back to false?" */
export const revertQuestion = (entry: HistoryEntry, targetType: HistoryTargetType) => `Revert: ${revertAction(entry, targetType)}?`;

export const historyToastTexts = {
  reverted: (action: string) => `Reverted: ${action}.`,
  revertFailed: (reason: string) => `Could not revert: ${reason}`,
};

/** A line under the title when the record is not live. */
export function stateText(state: 'live' | 'trash' | 'gone', targetType: HistoryTargetType): string | null {
  if (state === 'trash') return `This ${targetType} is in the trash.`;
  if (state === 'gone') return targetType === 'name' ? 'This name was deleted forever.' : 'This user was deleted.';
  return null;
}
