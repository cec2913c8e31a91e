// An in-memory GET /api/history/{name|user}/{id} and POST /api/history/revert (contract/dataSafety.ts), answering as
// the reference backend does (server/src/history). A user's history is built from usersDb (mocks/users.handlers.ts):
// its console actions and the app's events, so the grid and the History drawer show one world. A name's history is
// whatever a test puts in historyDb.names. Install with server.use(...historyHandlers).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { HistoryEntry, RecordHistory } from '../contract/schemas/dataSafety';
import type { ApiErrorBody } from '../contract/schemas/parts';
import type { UserFlagsUpdate } from '../contract/schemas/usersAudit';
import { checkedRequest } from './contract';
import { OPERATOR, staleVersion, usersDb, type UserAction } from './users.handlers';

export const historyDb = {
  /** a name's history as GET answers it, by id (entries newest first; paged by the handler) */
  names: new Map<string, RecordHistory>(),
  /** every GET's target, query and every revert's body and If-Match, in arrival order */
  reads: [] as { target: string; limit: number; before?: string; source?: string }[],
  reverts: [] as { actionId: number; targetId?: string; ifMatch: string | undefined }[],
  reset() {
    historyDb.names = new Map();
    historyDb.reads = [];
    historyDb.reverts = [];
  },
};

function refusal(status: number, error: string, message: string) {
  return HttpResponse.json<ApiErrorBody>({ error, message }, { status });
}

type Flags = Record<string, unknown>;
const changesOf = (before: Flags, after: Flags) =>
  Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] }));

function stillAsChanged(action: UserAction): boolean {
  const now = usersDb.records.get(action.uid) as unknown as Flags | undefined;
  const changes = changesOf(action.before, action.after);
  return !!now && changes.length > 0 && changes.every((c) => now[c.field] === c.after);
}

function userEntries(uid: string, withAppEvents: boolean): HistoryEntry[] {
  const consoleEntries: HistoryEntry[] = usersDb.actions
    .filter((a) => a.uid === uid)
    .map((a) => ({
      id: `console:${a.id}`,
      source: 'console',
      at: a.at,
      actor: a.actor,
      action: a.action,
      summary: a.action === 'user.revert' ? 'Reverted an earlier change' : a.action === 'user.delete' ? 'Deleted' : 'Edited',
      changes: changesOf(a.before, a.after),
      revertActionId: a.action !== 'user.delete' && stillAsChanged(a) ? a.id : null,
    }));
  const appEntries: HistoryEntry[] = withAppEvents
    ? usersDb.appEvents
        .filter((e) => e.uid === uid)
        .map((e) => ({
          id: `app:${e.id}`,
          source: 'app',
          at: e.at,
          actor: null,
          action: e.event,
          summary: `The app recorded ${e.event}`,
          changes: [],
          revertActionId: null,
        }))
    : [];
  // Newest first; at one instant the app's event before the console's action, then the later id first.
  return [...consoleEntries, ...appEntries].sort(
    (a, b) =>
      Date.parse(b.at) - Date.parse(a.at) ||
      (a.source === b.source ? Number(b.id.split(':')[1]) - Number(a.id.split(':')[1]) : a.source === 'app' ? -1 : 1),
  );
}

export const historyHandlers: HttpHandler[] = [
  http.get('*/api/history/:targetType/:id', async ({ request, params }) => {
    const checked = await checkedRequest('GET /api/history/:targetType/:id', { request, params });
    if (checked instanceof Response) return checked;
    const { targetType, id } = checked.params;
    const { limit = 50, before, source } = checked.query;
    historyDb.reads.push({ target: `${targetType}:${id}`, limit, ...(before ? { before } : {}), ...(source ? { source } : {}) });
    let whole: RecordHistory;
    if (targetType === 'user') {
      const current = usersDb.records.get(id) ?? null;
      whole = { state: current ? 'live' : 'gone', current, entries: userEntries(id, source !== 'console'), nextCursor: null };
    } else {
      whole = historyDb.names.get(id) ?? { state: 'gone', current: null, entries: [], nextCursor: null };
    }
    const start = before === undefined ? 0 : Number(before);
    if (!Number.isInteger(start) || start < 0) return refusal(400, 'bad_request', 'before is not a cursor this server gave out');
    const end = start + limit;
    return HttpResponse.json<RecordHistory>({
      ...whole,
      entries: whole.entries.slice(start, end),
      nextCursor: end < whole.entries.length ? String(end) : null,
    });
  }),

  http.post('*/api/history/revert', async ({ request }) => {
    const checked = await checkedRequest('POST /api/history/revert', { request });
    if (checked instanceof Response) return checked;
    const ifMatch = request.headers.get('if-match');
    historyDb.reverts.push({ ...checked.body, ifMatch: ifMatch ?? undefined });
    const action = usersDb.actions.find((a) => a.id === checked.body.actionId);
    if (!action) return refusal(404, 'not_found', `No console action ${checked.body.actionId}`);
    const record = usersDb.records.get(action.uid);
    if (!record) return refusal(410, 'gone', `User ${action.uid} was deleted: nothing to revert. Nothing was written.`);
    const stale = staleVersion(record, ifMatch);
    if (stale) return stale;
    if (!stillAsChanged(action)) {
      const now = record as unknown as Flags;
      const moved = changesOf(action.before, action.after)
        .filter((c) => now[c.field] !== c.after)
        .map((c) => `${c.field} is now ${String(now[c.field])}, not ${String(c.after)}`);
      return refusal(
        409,
        'conflict',
        `The record changed after this change (${moved.join('; ')}): revert the later change first. Nothing was written.`,
      );
    }
    const at = new Date().toISOString();
    const restored = { ...record, ...action.before, updatedAt: at, version: (record.version ?? 1) + 1 };
    usersDb.records.set(action.uid, restored);
    usersDb.actions.push({
      id: Math.max(...usersDb.actions.map((a) => a.id)) + 1,
      uid: action.uid,
      at,
      actor: OPERATOR,
      action: 'user.revert',
      before: action.after,
      after: action.before as UserFlagsUpdate,
    });
    return HttpResponse.json({ state: 'live', current: restored });
  }),
];
