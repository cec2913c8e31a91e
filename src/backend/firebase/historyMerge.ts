// A user's history in Firebase mode comes from two places: the console's own changes (Firestore's console_actions:
// consoleActions.ts) and the app's events in Firestore's audit_logs. This merges one page of each into one page,
// newest first, and says where each source continues. No Firebase here: plain data, tested as such.
import type { HistoryEntry } from '../../../contract/schemas/dataSafety';

/** Where each source continues; a source is null once it has nothing older. */
export interface MergedHistoryCursor {
  /** the API page to read (its own cursor, null: the newest) and the last of its entries already shown */
  console: { before: string | null; shownThrough: string | null } | null;
  /** after this Firestore position (an encoded keyset cursor; null: from the newest) */
  app: { after: string | null } | null;
}

export const FIRST_PAGE: MergedHistoryCursor = { console: { before: null, shownThrough: null }, app: { after: null } };

/** The API's entries not shown yet, from the page read with `before` (after `shownThrough`), and its cursor after it. */
export interface ConsoleRead {
  before: string | null;
  shownThrough: string | null;
  entries: HistoryEntry[];
  nextCursor: string | null;
}

/** Firestore's entries (newest first) read after `after`, each with the position after it, and whether older ones exist. */
export interface AppRead {
  after: string | null;
  entries: HistoryEntry[];
  positions: string[];
  more: boolean;
}

/** Among entries of one instant the server's order: the import, then the app's events, then the console's actions. */
const RANK: Record<HistoryEntry['source'], number> = { import: 2, app: 1, console: 0 };

interface Tagged {
  entry: HistoryEntry;
  from: 'console' | 'app';
  index: number;
}

/** Newest first; at one instant by RANK; within a source, its own order. */
function compare(a: Tagged, b: Tagged): number {
  const at = Date.parse(b.entry.at) - Date.parse(a.entry.at);
  if (at !== 0) return at;
  const rank = RANK[b.entry.source] - RANK[a.entry.source];
  if (rank !== 0) return rank;
  return a.from === b.from ? a.index - b.index : a.from < b.from ? -1 : 1;
}

/**
 * Up to `limit` entries, newest first. A source that has older entries than it returned bounds the page: nothing
 * from the other source older than its oldest entry may be shown yet (its next page could hold something newer),
 * so a page may be shorter than `limit`; it is never empty while something is left.
 */
export function mergeHistoryPages(
  limit: number,
  consoleRead: ConsoleRead | null,
  appRead: AppRead | null,
): { entries: HistoryEntry[]; next: MergedHistoryCursor | null } {
  const fromConsole: Tagged[] = (consoleRead?.entries ?? []).map((entry, index) => ({ entry, from: 'console', index }));
  const fromApp: Tagged[] = (appRead?.entries ?? []).map((entry, index) => ({ entry, from: 'app', index }));
  const horizons: Tagged[] = [];
  if (consoleRead?.nextCursor && fromConsole.length > 0) horizons.push(fromConsole[fromConsole.length - 1]!);
  if (appRead?.more && fromApp.length > 0) horizons.push(fromApp[fromApp.length - 1]!);
  const taken = [...fromConsole, ...fromApp]
    .sort(compare)
    .filter((t) => horizons.every((h) => compare(t, h) <= 0))
    .slice(0, limit);

  const consoleTaken = taken.filter((t) => t.from === 'console').length;
  const appTaken = taken.filter((t) => t.from === 'app').length;
  let nextConsole: MergedHistoryCursor['console'] = null;
  if (consoleRead) {
    if (consoleTaken < fromConsole.length) {
      const shownThrough = consoleTaken > 0 ? fromConsole[consoleTaken - 1]!.entry.id : consoleRead.shownThrough;
      nextConsole = { before: consoleRead.before, shownThrough };
    } else if (consoleRead.nextCursor) {
      nextConsole = { before: consoleRead.nextCursor, shownThrough: null };
    }
  }
  let nextApp: MergedHistoryCursor['app'] = null;
  if (appRead && (appTaken < fromApp.length || appRead.more)) {
    nextApp = { after: appTaken > 0 ? appRead.positions[appTaken - 1]! : appRead.after };
  }
  return { entries: taken.map((t) => t.entry), next: nextConsole || nextApp ? { console: nextConsole, app: nextApp } : null };
}

/** The entries of an API page after the one already shown (all of them when it is not on the page). */
export function afterShown(entries: HistoryEntry[], shownThrough: string | null): HistoryEntry[] {
  if (shownThrough === null) return entries;
  const i = entries.findIndex((e) => e.id === shownThrough);
  return i < 0 ? entries : entries.slice(i + 1);
}

const PREFIX = 'merged:';

export function encodeMergedCursor(cursor: MergedHistoryCursor): string {
  return PREFIX + JSON.stringify(cursor);
}

export function decodeMergedCursor(text: string): MergedHistoryCursor {
  const fail = () => new Error('The history cursor is not valid here; reload the history.');
  if (!text.startsWith(PREFIX)) throw fail();
  try {
    const parsed = JSON.parse(text.slice(PREFIX.length)) as MergedHistoryCursor;
    if (!parsed || typeof parsed !== 'object' || !('console' in parsed) || !('app' in parsed)) throw fail();
    return parsed;
  } catch {
    throw fail();
  }
}
