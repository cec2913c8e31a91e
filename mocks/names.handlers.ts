import { http, HttpResponse, type HttpHandler } from 'msw';
import { firstLetter } from '../contract/nameRules';
import { nameValuesOf, namesFilterOf, type NameValues, type NamesFilter } from '../contract/namesInput';
import type { ApiErrorBody, NameRecord, NamesResponse, NationalityCount } from '../contract/wire';
import { checkedRequest, checkRequest, refusedBy } from './contract';
import { makeNameFixtures } from './names.fixtures';

/**
 * An in-memory names backend answering like the reference backend's names API (spec 7), so screens can
 * be tested through real filtering and paging. Tests reset it in beforeEach and may read or seed it.
 */
export const namesDb = {
  records: makeNameFixtures(),
  nextId: 1000,
  /** the number of ids in each accepted POST /names/bulk-delete */
  bulkDeleteRequests: [] as number[],
  /** 'object' answers GET /names as the reference backend does ({ names, total, totalIsEstimate }); 'list' as a bare list (spec 7 allows both). */
  listShape: 'object' as 'object' | 'list',
  /** answer totals flagged as estimates (a backend that cannot count cheaply) */
  estimateTotals: false,
  reset(records: NameRecord[] = makeNameFixtures()) {
    namesDb.listShape = 'object';
    namesDb.estimateTotals = false;
    namesDb.records = records.map((r) => ({ ...r }));
    namesDb.bulkDeleteRequests = [];
    namesDb.nextId = Math.max(999, ...records.map((r) => r.id)) + 1;
  },
};

function notFound(id: string | number) {
  return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `Name ${id} not found` }, { status: 404 });
}

function byName(a: NameRecord, b: NameRecord) {
  return a.name.localeCompare(b.name, 'is') || a.id - b.id;
}

/** Every name matching the filters, in the server's order. */
function matchingNames(filter: NamesFilter): NameRecord[] {
  return namesDb.records
    .filter((r) => filter.gender === undefined || r.gender === filter.gender)
    .filter((r) => filter.nationality === undefined || r.nationality === filter.nationality)
    .filter((r) => filter.letter === undefined || firstLetter(r.name) === filter.letter)
    .sort(byName);
}

/** The page GET /names reads for these parameters and the total of its filters, or the server's 400. */
function namesPage(params: URLSearchParams): { names: NameRecord[]; total: number } | Response {
  const checked = checkRequest('GET /api/names', { query: params });
  if (checked instanceof Response) return checked;
  const filter = refusedBy(namesFilterOf(checked.query));
  if (filter instanceof Response) return filter;
  const matching = matchingNames(filter);
  return { names: matching.slice(filter.offset, filter.offset + filter.limit), total: matching.length };
}

/** The names of the page GET /names answers, for tests that answer in another shape. */
export function queryNames(params: URLSearchParams): NameRecord[] {
  const page = namesPage(params);
  if (page instanceof Response) throw new Error(`GET /names?${params} is refused by the contract`);
  return page.names;
}

/** GET /names as the reference backend answers it (the page and the total of the filters), or its 400. */
export function namesResponse(params: URLSearchParams): NamesResponse | Response {
  const page = namesPage(params);
  if (page instanceof Response || namesDb.listShape === 'list') return page instanceof Response ? page : page.names;
  return { ...page, totalIsEstimate: namesDb.estimateTotals };
}

function nationalities(): string[] {
  return [...new Set(namesDb.records.map((r) => r.nationality))].sort();
}

export const namesHandlers: HttpHandler[] = [
  http.get('*/api/names/nationalities', () => HttpResponse.json(nationalities())),

  http.get('*/api/names/nationalities-with-counts', () => {
    const counts = new Map<string, number>();
    for (const r of namesDb.records) counts.set(r.nationality, (counts.get(r.nationality) ?? 0) + 1);
    return HttpResponse.json<NationalityCount[]>(nationalities().map((name) => ({ name, count: counts.get(name) ?? 0 })));
  }),

  http.get('*/api/names', ({ request }) => {
    const answer = namesResponse(new URL(request.url).searchParams);
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  }),

  http.post('*/api/names/bulk-delete', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names/bulk-delete', { request });
    if (checked instanceof Response) return checked;
    const ids = checked.body.nameIds;
    namesDb.bulkDeleteRequests.push(ids.length);
    const doomed = new Set(ids);
    const before = namesDb.records.length;
    namesDb.records = namesDb.records.filter((r) => !doomed.has(r.id));
    return HttpResponse.json({ deletedCount: before - namesDb.records.length });
  }),

  http.post('*/api/names', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names', { request });
    if (checked instanceof Response) return checked;
    const input = refusedBy(nameValuesOf(checked.body));
    if (input instanceof Response) return input;
    const id = namesDb.nextId++;
    const record: NameRecord = { id, name_id: id, ...nameInputOf(input), created_at: new Date().toISOString() };
    namesDb.records.push(record);
    return HttpResponse.json(record, { status: 201 });
  }),

  http.put('*/api/names/:id', async ({ request, params }) => {
    const checked = await checkedRequest('PUT /api/names/:id', { request, params });
    if (checked instanceof Response) return checked;
    const index = namesDb.records.findIndex((r) => r.id === checked.params.id);
    if (index < 0) return notFound(checked.params.id);
    const input = refusedBy(nameValuesOf(checked.body));
    if (input instanceof Response) return input;
    const updated = { ...namesDb.records[index], ...nameInputOf(input) };
    namesDb.records[index] = updated;
    return HttpResponse.json(updated);
  }),

  http.delete('*/api/names/:id', async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/names/:id', { request, params });
    if (checked instanceof Response) return checked;
    const before = namesDb.records.length;
    namesDb.records = namesDb.records.filter((r) => r.id !== checked.params.id);
    return namesDb.records.length === before ? notFound(checked.params.id) : new HttpResponse(null, { status: 204 });
  }),
];

/** What a name record keeps of the checked input (its first letter is the server's index column). */
const nameInputOf = ({ name, gender, nationality }: NameValues) => ({ name, gender, nationality });
