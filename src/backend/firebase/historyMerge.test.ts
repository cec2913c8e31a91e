// Merging the hosted API's console actions with Firestore's app events, page by page: newest first, nothing lost
// or repeated across pages, and no entry shown before a newer one that a source has not returned yet.
import type { HistoryEntry } from '../../../contract/schemas/dataSafety';
import {
  afterShown,
  decodeMergedCursor,
  encodeMergedCursor,
  FIRST_PAGE,
  mergeHistoryPages,
  type MergedHistoryCursor,
} from './historyMerge';

const entry = (source: 'console' | 'app', n: number, minute: number): HistoryEntry => ({
  id: `${source}:${n}`,
  source,
  at: new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString(),
  actor: source === 'console' ? { uid: 'a1', email: 'admin@example.com' } : null,
  action: source === 'console' ? 'user.update' : 'SUBSCRIPTION_START',
  summary: '',
  changes: [],
  revertActionId: null,
});

/** Two sources as the API and Firestore would page them (newest first, cursor = index). */
function world(consoleMinutes: number[], appMinutes: number[]) {
  const consoleAll = consoleMinutes.map((m, i) => entry('console', i + 1, m)).sort((a, b) => b.at.localeCompare(a.at));
  const appAll = appMinutes.map((m, i) => entry('app', i + 1, m)).sort((a, b) => b.at.localeCompare(a.at));
  return {
    readConsole(from: NonNullable<MergedHistoryCursor['console']>, n: number) {
      let before = from.before;
      let shownThrough = from.shownThrough;
      for (;;) {
        const start = before === null ? 0 : Number(before);
        const page = consoleAll.slice(start, start + n);
        const nextCursor = start + n < consoleAll.length ? String(start + n) : null;
        const entries = afterShown(page, shownThrough);
        if (entries.length === 0 && nextCursor) {
          before = nextCursor;
          shownThrough = null;
          continue;
        }
        return { before, shownThrough, entries, nextCursor };
      }
    },
    readApp(after: string | null, n: number) {
      const start = after === null ? 0 : Number(after);
      const docs = appAll.slice(start, start + n);
      return { after, entries: docs, positions: docs.map((_, i) => String(start + i + 1)), more: start + n < appAll.length };
    },
    all: [...consoleAll, ...appAll].sort((a, b) => b.at.localeCompare(a.at) || (a.source === 'app' ? -1 : 1)),
  };
}

function readAll(w: ReturnType<typeof world>, n: number) {
  const pages: HistoryEntry[][] = [];
  let cursor: MergedHistoryCursor | null = FIRST_PAGE;
  while (cursor) {
    const c: MergedHistoryCursor = decodeMergedCursor(encodeMergedCursor(cursor));
    const page = mergeHistoryPages(n, c.console ? w.readConsole(c.console, n) : null, c.app ? w.readApp(c.app.after, n) : null);
    expect(page.entries.length).toBeGreaterThan(0);
    pages.push(page.entries);
    cursor = page.next;
    if (pages.length > 50) throw new Error('does not end');
  }
  return pages;
}

it('interleaves both sources newest first, the app’s event first at one instant', () => {
  const w = world([10, 5, 3], [9, 5, 1]);
  const [page] = readAll(w, 10);
  expect(page!.map((e) => e.id)).toEqual(['console:1', 'app:1', 'app:2', 'console:2', 'console:3', 'app:3']);
});

it('pages through everything once, in order, whatever the page size', () => {
  const w = world([50, 49, 48, 47, 20, 19, 18, 2, 1], [46, 45, 30, 29, 28, 27, 26, 17, 3]);
  for (const n of [1, 2, 3, 4, 5, 7, 50]) {
    const pages = readAll(w, n);
    expect(pages.flat().map((e) => e.id)).toEqual(w.all.map((e) => e.id));
    expect(pages.every((p) => p.length <= n)).toBe(true);
  }
});

it('holds back what is older than a source’s unread entries', () => {
  // Console has newer entries on its next page than the app's second entry: the page stops before it.
  const w = world([10, 9, 8, 7], [8.5, 1]);
  const first = mergeHistoryPages(2, w.readConsole(FIRST_PAGE.console!, 2), w.readApp(null, 2));
  expect(first.entries.map((e) => e.id)).toEqual(['console:1', 'console:2']);
  expect(first.next).toEqual({ console: { before: '2', shownThrough: null }, app: { after: null } });
});

it('one source alone, and nothing at all', () => {
  expect(
    readAll(world([], [3, 2, 1]), 2)
      .flat()
      .map((e) => e.id),
  ).toEqual(['app:1', 'app:2', 'app:3']);
  expect(
    readAll(world([3, 2, 1], []), 2)
      .flat()
      .map((e) => e.id),
  ).toEqual(['console:1', 'console:2', 'console:3']);
  expect(
    mergeHistoryPages(
      5,
      { before: null, shownThrough: null, entries: [], nextCursor: null },
      { after: null, entries: [], positions: [], more: false },
    ),
  ).toEqual({
    entries: [],
    next: null,
  });
});

it('refuses a cursor it did not make', () => {
  expect(() => decodeMergedCursor('abc')).toThrow('The history cursor is not valid here; reload the history.');
  expect(() => decodeMergedCursor('merged:{')).toThrow('not valid');
});
