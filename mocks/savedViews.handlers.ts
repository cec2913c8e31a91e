// The saved-view and grid-preference routes (contract/savedViews.ts) for the console's tests: one in-memory store of
// several operators' views, every request checked by its schema (mocks/contract.ts), and the server's answers (a
// 409 for a name taken or a stale If-Match, 403 for another operator's shared view). The console signs in as
// SIGNED_IN_OPERATOR; tests add other operators' views with `savedViewsDb.add` and read what was sent in `calls`.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SavedViewPage } from '../contract/savedViews';
import type { GridPreferences, SavedView } from '../contract/schemas/savedViews';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { checkedRequest } from './contract';
import { SIGNED_IN_OPERATOR } from './operators.handlers';

type StoredView = Omit<SavedView, 'mine'>;

export const savedViewsDb = {
  views: [] as StoredView[],
  preferences: new Map<SavedViewPage, GridPreferences>(),
  calls: [] as { method: string; path: string; body: unknown; ifMatch: string | null }[],
  nextId: 1,
  reset() {
    this.views = [];
    this.preferences = new Map();
    this.calls = [];
    this.nextId = 1;
  },
  add(view: Partial<StoredView> & Pick<StoredView, 'page' | 'name' | 'state'>): StoredView {
    const stored: StoredView = {
      id: this.nextId++,
      shared: false,
      ownerUid: SIGNED_IN_OPERATOR.uid,
      ownerEmail: SIGNED_IN_OPERATOR.email,
      version: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      ...view,
    };
    this.views.push(stored);
    return stored;
  },
};

const refusal = (status: number, error: string, message: string) => HttpResponse.json<ApiErrorBody>({ error, message }, { status });
const answer = (view: StoredView): SavedView => ({ ...view, mine: view.ownerUid === SIGNED_IN_OPERATOR.uid });
const url = (path: string) => `*/api/views${path}`;
const record = (request: Request, body: unknown) =>
  savedViewsDb.calls.push({ method: request.method, path: new URL(request.url).pathname, body, ifMatch: request.headers.get('if-match') });

function ownForWrite(id: number, ifMatch: string | null): StoredView | Response {
  const view = savedViewsDb.views.find((v) => v.id === id);
  if (!view || (view.ownerUid !== SIGNED_IN_OPERATOR.uid && !view.shared)) return refusal(404, 'not_found', `No saved view ${id}`);
  if (view.ownerUid !== SIGNED_IN_OPERATOR.uid) return refusal(403, 'not_owner', `“${view.name}” is ${view.ownerEmail}'s view`);
  if (ifMatch && Number(ifMatch.replace(/"/g, '')) !== view.version)
    return refusal(409, 'version_conflict', 'The view was changed since you loaded it');
  return view;
}

const nameTaken = (page: SavedViewPage, name: string, except?: number) =>
  savedViewsDb.views.some(
    (v) => v.ownerUid === SIGNED_IN_OPERATOR.uid && v.page === page && v.id !== except && v.name.toLowerCase() === name.toLowerCase(),
  );

export const savedViewsHandlers: HttpHandler[] = [
  http.get(url('/preferences/:page'), async ({ request, params }) => {
    const checked = await checkedRequest('GET /api/views/preferences/:page', { request, params });
    if (checked instanceof Response) return checked;
    const page = checked.params.page;
    return HttpResponse.json<GridPreferences>(
      savedViewsDb.preferences.get(page) ?? { page, columns: {}, density: 'standard', updatedAt: null },
    );
  }),
  http.put(url('/preferences/:page'), async ({ request, params }) => {
    const checked = await checkedRequest('PUT /api/views/preferences/:page', { request, params });
    if (checked instanceof Response) return checked;
    record(request, checked.body);
    const saved: GridPreferences = { page: checked.params.page, ...checked.body, updatedAt: '2026-11-27T12:00:00.000Z' };
    savedViewsDb.preferences.set(checked.params.page, saved);
    return HttpResponse.json(saved);
  }),
  http.get(url(''), async ({ request }) => {
    const checked = await checkedRequest('GET /api/views', { request });
    if (checked instanceof Response) return checked;
    const seen = savedViewsDb.views.filter((v) => v.page === checked.query.page && (v.ownerUid === SIGNED_IN_OPERATOR.uid || v.shared));
    const mineFirst = (v: StoredView) => (v.ownerUid === SIGNED_IN_OPERATOR.uid ? 0 : 1);
    seen.sort((a, b) => mineFirst(a) - mineFirst(b) || a.name.localeCompare(b.name));
    return HttpResponse.json({ views: seen.map(answer) });
  }),
  http.post(url(''), async ({ request }) => {
    const checked = await checkedRequest('POST /api/views', { request });
    if (checked instanceof Response) return checked;
    record(request, checked.body);
    const { page, name, state, shared } = checked.body;
    if (nameTaken(page, name))
      return refusal(409, 'view_name_taken', `You already have a view called “${name}” on this page: choose another name`);
    return HttpResponse.json(answer(savedViewsDb.add({ page, name, state, shared: shared ?? false })), { status: 201 });
  }),
  http.put(url('/:id'), async ({ request, params }) => {
    const checked = await checkedRequest('PUT /api/views/:id', { request, params });
    if (checked instanceof Response) return checked;
    record(request, checked.body);
    const view = ownForWrite(checked.params.id, request.headers.get('if-match'));
    if (view instanceof Response) return view;
    const { name, state, shared } = checked.body;
    if (name !== undefined && nameTaken(view.page, name, view.id))
      return refusal(409, 'view_name_taken', `You already have a view called “${name}”`);
    Object.assign(view, {
      ...(name !== undefined ? { name } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(shared !== undefined ? { shared } : {}),
      version: view.version + 1,
    });
    return HttpResponse.json(answer(view));
  }),
  http.delete(url('/:id'), async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/views/:id', { request, params });
    if (checked instanceof Response) return checked;
    record(request, null);
    const view = ownForWrite(checked.params.id, request.headers.get('if-match'));
    if (view instanceof Response) return view;
    savedViewsDb.views = savedViewsDb.views.filter((v) => v.id !== view.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
