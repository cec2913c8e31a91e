import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  GENDERS,
  type ApiErrorBody,
  type Gender,
  type NameInput,
  type NameRecord,
  type NamesResponse,
  type NationalityCount,
} from '../contract/wire';
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

/** The letter a name files under: Á É Í Ó Ú Ý Æ Ö are letters of their own (as server/src/names/firstLetter.ts). */
export function nameFirstLetter(name: string): string {
  return (Array.from(name.trim())[0] ?? '').toLocaleUpperCase('is');
}

/** Ids one POST /names/bulk-delete may carry, as the reference backend enforces. */
export const MAX_BULK_DELETE_IDS = 1000;

function byName(a: NameRecord, b: NameRecord) {
  return a.name.localeCompare(b.name, 'is') || a.id - b.id;
}

function badRequest(message: string, field?: string) {
  return HttpResponse.json<ApiErrorBody>({ error: 'bad_request', message, ...(field ? { field } : {}) }, { status: 400 });
}

function notFound(id: string) {
  return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `Name ${id} not found` }, { status: 404 });
}

/** Every name matching the filters of these query parameters, in the server's order. */
function matchingNames(params: URLSearchParams): NameRecord[] {
  const gender = params.get('gender') ?? 'all';
  const nationality = (params.get('nationality') ?? 'all').toLowerCase();
  const letter = params.get('alphabetFilter') ?? 'All';
  return namesDb.records
    .filter((r) => gender === 'all' || r.gender === gender)
    .filter((r) => nationality === 'all' || r.nationality === nationality)
    .filter((r) => letter === 'All' || nameFirstLetter(r.name) === letter.toLocaleUpperCase('is'))
    .sort(byName);
}

/** The filtered, ordered page GET /names answers for these query parameters. */
export function queryNames(params: URLSearchParams): NameRecord[] {
  const limit = Math.min(Math.max(Number(params.get('limit') ?? 50) || 50, 1), 1000);
  const offset = Math.max(Number(params.get('offset') ?? 0) || 0, 0);
  return matchingNames(params).slice(offset, offset + limit);
}

/** GET /names as the reference backend answers it: the page and the total of the filters. */
export function namesResponse(params: URLSearchParams): NamesResponse {
  const names = queryNames(params);
  if (namesDb.listShape === 'list') return names;
  return { names, total: matchingNames(params).length, totalIsEstimate: namesDb.estimateTotals };
}

function readInput(body: unknown): NameInput | Response {
  const b = (body ?? {}) as Record<string, unknown>;
  for (const field of ['name', 'gender', 'nationality'] as const) {
    if (typeof b[field] !== 'string' || (b[field] as string).trim() === '') return badRequest(`${field} is required`, field);
  }
  if (!(GENDERS as readonly string[]).includes(b.gender as string))
    return badRequest(`gender must be one of ${GENDERS.join(', ')}`, 'gender');
  return { name: (b.name as string).trim(), gender: b.gender as Gender, nationality: (b.nationality as string).trim().toLowerCase() };
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

  http.get('*/api/names', ({ request }) => HttpResponse.json(namesResponse(new URL(request.url).searchParams))),

  http.post('*/api/names/bulk-delete', async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { nameIds?: unknown } | null;
    const ids = body?.nameIds;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id))) {
      return badRequest('nameIds must be a non-empty list of ids', 'nameIds');
    }
    // The reference backend's cap (server/src/names/validation.ts MAX_BULK_DELETE_IDS).
    if (ids.length > MAX_BULK_DELETE_IDS) return badRequest(`nameIds may hold at most ${MAX_BULK_DELETE_IDS} ids per request`, 'nameIds');
    namesDb.bulkDeleteRequests.push(ids.length);
    const doomed = new Set(ids as number[]);
    const before = namesDb.records.length;
    namesDb.records = namesDb.records.filter((r) => !doomed.has(r.id));
    return HttpResponse.json({ deletedCount: before - namesDb.records.length });
  }),

  http.post('*/api/names', async ({ request }) => {
    const input = readInput(await request.json().catch(() => null));
    if (input instanceof Response) return input;
    const id = namesDb.nextId++;
    const record: NameRecord = { id, name_id: id, ...input, created_at: new Date().toISOString() };
    namesDb.records.push(record);
    return HttpResponse.json(record, { status: 201 });
  }),

  http.put('*/api/names/:id', async ({ request, params }) => {
    const id = String(params.id);
    const index = namesDb.records.findIndex((r) => String(r.id) === id);
    if (index < 0) return notFound(id);
    const input = readInput(await request.json().catch(() => null));
    if (input instanceof Response) return input;
    const updated = { ...namesDb.records[index], ...input };
    namesDb.records[index] = updated;
    return HttpResponse.json(updated);
  }),

  http.delete('*/api/names/:id', ({ params }) => {
    const id = String(params.id);
    const before = namesDb.records.length;
    namesDb.records = namesDb.records.filter((r) => String(r.id) !== id);
    return namesDb.records.length === before ? notFound(id) : new HttpResponse(null, { status: 204 });
  }),
];
