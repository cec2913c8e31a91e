import { http, HttpResponse, type HttpHandler } from 'msw';
import { firstLetter } from '../contract/nameRules';
import { nameValuesOf, namesFilterOf, type NameValues, type NamesFilter } from '../contract/namesInput';
import { DEFAULT_TRASH_RETENTION_DAYS, IN_TRASH, VERSION_CONFLICT } from '../contract/dataSafety';
import type { NamesImpact, TrashedName, TrashMoveResponse, VersionConflict } from '../contract/schemas/dataSafety';
import {
  exactMatchKind,
  foldForSearch,
  NAME_SEARCH_FEW_MATCHES,
  NAME_SEARCH_MAX_CLOSE,
  NAME_SEARCH_MIN_SIMILARITY,
  searchesInside,
} from '../contract/nameSearch';
import type { NameRecord, NameSearchSummary, NamesResponse, NationalityCount } from '../contract/schemas/names';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { checkedRequest, checkRequest, refused, refusedBy } from './contract';
import { makeNameFixtures } from './names.fixtures';

type Actor = { uid: string; email: string };
type LastChange = Pick<VersionConflict, 'changedBy' | 'changedAt'>;

/** A name in the mock's trash: what GET /names/trash lists, and the record a restore brings back. */
interface TrashEntry {
  record: NameRecord;
  trashed: TrashedName;
  /** orders deletions made within the same millisecond: newest first, as the server's sequence does */
  seq: number;
}

const DAY_MS = 86_400_000;

/** The swipes and matches a fixture name carries, unless a test sets them: a few of each, from its id. */
const defaultCarried = (id: number): Omit<NamesImpact, 'names'> => ({ swipes: (id * 7) % 40, matches: id % 4 === 0 ? 1 : 0 });

/**
 * An in-memory names backend answering like the reference backend's names API (spec 7) with its trash and
 * record versions (contract/dataSafety.ts), so screens can be tested through real filtering, paging, deletes,
 * restores and version conflicts. Tests reset it in beforeEach and may read or seed it.
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
  /** answer GET /names as a backend that does not know q: the unsearched list, no search summary */
  ignoresSearch: false,
  trash: [] as TrashEntry[],
  nextDeletionId: 1,
  nextSeq: 1,
  /** swipes and matches per name id (defaultCarried when not set) */
  carried: new Map<number, Omit<NamesImpact, 'names'>>(),
  /** who changed each name last through the console (absent: nobody the console knows) */
  lastChanges: new Map<number, LastChange>(),
  /** the operator the console signs in as in the screen tests (renderWithProviders' signedInAdminState) */
  actor: { uid: 'admin-1', email: 'admin@example.com' } as Actor,
  reset(records: NameRecord[] = makeNameFixtures()) {
    namesDb.listShape = 'object';
    namesDb.estimateTotals = false;
    namesDb.ignoresSearch = false;
    // Every name of the reference backend carries a version (migration 061).
    namesDb.records = records.map((r) => ({ version: 1, ...r }));
    namesDb.bulkDeleteRequests = [];
    namesDb.nextId = Math.max(999, ...records.map((r) => r.id)) + 1;
    namesDb.trash = [];
    namesDb.nextDeletionId = 1;
    namesDb.nextSeq = 1;
    namesDb.carried = new Map();
    namesDb.lastChanges = new Map();
  },
  carriedBy(id: number): Omit<NamesImpact, 'names'> {
    return namesDb.carried.get(id) ?? defaultCarried(id);
  },
  /** The name as it is now (live), by name. */
  live(name: string): NameRecord {
    const record = namesDb.records.find((r) => r.name === name);
    if (!record) throw new Error(`no live name ${name}`);
    return record;
  },
  /** Another operator (or the app, `by` null) changes a live name: its version moves on, as the server's trigger does. */
  editElsewhere(
    id: number,
    changes: Partial<Pick<NameRecord, 'name' | 'gender' | 'nationality'>>,
    by: Actor | null,
    at = '2026-03-04T02:30:05.000Z',
  ): NameRecord {
    const index = namesDb.records.findIndex((r) => r.id === id);
    if (index < 0) throw new Error(`no live name ${id}`);
    const before = namesDb.records[index];
    namesDb.records[index] = { ...before, ...changes, version: (before.version ?? 1) + 1 };
    namesDb.lastChanges.set(id, { changedBy: by, changedAt: at });
    return namesDb.records[index];
  },
  /** Moves live names to the trash as one deletion (a delete made before the test, or by another operator). */
  trashNames(ids: readonly number[], kind: TrashedName['deletionKind'] = 'bulk_delete', by?: Actor, at?: string): TrashMoveResponse {
    return moveToTrash(ids, kind, by ?? namesDb.actor, at);
  },
  /** The trash's entries, newest deletion first (GET /names/trash's order). */
  trashed(): TrashedName[] {
    return [...namesDb.trash].sort((a, b) => b.seq - a.seq || b.record.id - a.record.id).map((e) => e.trashed);
  },
};

function notFound(id: string | number) {
  return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `Name ${id} not found` }, { status: 404 });
}

function apiError(status: number, body: ApiErrorBody) {
  return HttpResponse.json<ApiErrorBody>(body, { status });
}

/** The version If-Match names ('"3"' or '3'), or undefined without one (a write that goes ahead). */
function ifMatchOf(request: Request): number | undefined {
  const value = request.headers.get('if-match');
  return value === null ? undefined : Number(value.replace(/"/g, ''));
}

function conflictOf(record: NameRecord): VersionConflict {
  const last = namesDb.lastChanges.get(record.id) ?? { changedBy: null, changedAt: null };
  return { current: { ...record }, ...last };
}

/** The server's 409 for a stale If-Match on one name (http/versions.ts). */
function versionConflict(record: NameRecord, expected: number, verb: 'saved' | 'deleted') {
  const conflict = conflictOf(record);
  const who = conflict.changedBy ? ` by ${conflict.changedBy.email}` : '';
  const when = conflict.changedAt ? ` at ${conflict.changedAt}` : '';
  return apiError(409, {
    error: VERSION_CONFLICT,
    message: `The name was changed${who}${when} since you loaded it (your version ${expected}, now ${record.version}): nothing was ${verb}`,
    field: 'if-match',
    conflict,
    ...(verb === 'deleted' ? { conflicts: [conflict] } : {}),
  });
}

const sameIdentity = (a: Pick<NameRecord, 'name' | 'gender' | 'nationality'>, b: Pick<NameRecord, 'name' | 'gender' | 'nationality'>) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.gender === b.gender && a.nationality.toLowerCase() === b.nationality.toLowerCase();

/** 409 in_trash when the same name, gender and nationality is in the trash (names/trash.ts refuseTrashedTwin). */
function trashedTwinRefusal(values: Pick<NameRecord, 'name' | 'gender' | 'nationality'>): Response | null {
  const twins = namesDb.trashed().filter((t) => sameIdentity(t, values));
  if (twins.length === 0) return null;
  const twin = twins[0];
  return apiError(409, {
    error: IN_TRASH,
    message: `${twin.name} (${twin.gender}, ${twin.nationality}) is in the trash, deleted by ${twin.deletedBy.email}: restore it instead (id ${twin.id})`,
    field: 'name',
    trashed: twins.slice(0, 5),
  });
}

export function moveToTrash(
  ids: readonly number[],
  kind: TrashedName['deletionKind'],
  by: Actor,
  at = new Date().toISOString(),
): TrashMoveResponse {
  const wanted = new Set(ids);
  const moving = namesDb.records.filter((r) => wanted.has(r.id));
  if (moving.length === 0) return { deletedCount: 0, swipes: 0, matches: 0, deletionId: null };
  const deletionId = namesDb.nextDeletionId++;
  const seq = namesDb.nextSeq++;
  let swipes = 0;
  let matches = 0;
  for (const record of moving) {
    const carried = namesDb.carriedBy(record.id);
    swipes += carried.swipes;
    matches += carried.matches;
    namesDb.trash.push({
      record,
      seq,
      trashed: {
        id: record.id,
        name: record.name,
        gender: record.gender,
        nationality: record.nationality,
        created_at: record.created_at,
        deletedAt: at,
        deletedBy: by,
        deletionId,
        deletionKind: kind,
        importRunId: kind === 'import_undo' ? 1 : null,
        importFileName: kind === 'import_undo' ? 'names.csv' : null,
        ...carried,
        purgeAt: new Date(Date.parse(at) + DEFAULT_TRASH_RETENTION_DAYS * DAY_MS).toISOString(),
      },
    });
  }
  namesDb.records = namesDb.records.filter((r) => !wanted.has(r.id));
  return { deletedCount: moving.length, swipes, matches, deletionId };
}

/** The trash entries a restore or purge names, or the server's 404 (all or nothing). */
function lockTrashed(selection: { nameIds: number[] } | { deletionId: number; limit?: number }): TrashEntry[] | Response {
  if ('deletionId' in selection) {
    const entries = namesDb.trash
      .filter((e) => e.trashed.deletionId === selection.deletionId)
      .sort((a, b) => a.record.id - b.record.id)
      .slice(0, selection.limit);
    return entries.length > 0 ? entries : refused('deletionId', `Nothing of deletion ${selection.deletionId} is in the trash`, 404);
  }
  const entries = namesDb.trash.filter((e) => selection.nameIds.includes(e.record.id));
  const missing = selection.nameIds.filter((id) => !entries.some((e) => e.record.id === id));
  if (missing.length > 0) return refused('nameIds', `Nothing was changed: no name in the trash with id ${missing.join(', ')}`, 404);
  return entries;
}

const sum = (entries: readonly TrashEntry[], key: 'swipes' | 'matches') => entries.reduce((n, e) => n + e.trashed[key], 0);

function byName(a: NameRecord, b: NameRecord) {
  return a.name.localeCompare(b.name, 'is') || a.id - b.id;
}

/** Every name matching the filters, in the server's order. */
export function matchingNames(filter: NamesFilter): NameRecord[] {
  return namesDb.records
    .filter((r) => filter.gender === undefined || r.gender === filter.gender)
    .filter((r) => filter.nationality === undefined || r.nationality === filter.nationality)
    .filter((r) => filter.letter === undefined || firstLetter(r.name) === filter.letter)
    .sort(byName);
}

/** pg_trgm's trigrams of a text: each word (letters and digits) padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3).join(''));
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of both. */
function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  const shared = [...ta].filter((t) => tb.has(t)).length;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

const byKey = (a: { key: string; record: NameRecord }, b: { key: string; record: NameRecord }) =>
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.record.id - b.record.id;

/** The server's search (server/src/names/nameSearch.ts): prefix matches, then contains, then a few close spellings. */
export function searchedNames(filter: NamesFilter & { search: NonNullable<NamesFilter['search']> }): {
  names: NameRecord[];
  search: NameSearchSummary;
} {
  const folded = filter.search.key;
  const keyed = matchingNames(filter).map((record) => ({ record, key: foldForSearch(record.name) }));
  const prefix = keyed.filter((k) => exactMatchKind(k.key, folded) === 'prefix').sort(byKey);
  const contains = keyed.filter((k) => exactMatchKind(k.key, folded) === 'contains').sort(byKey);
  const close =
    searchesInside(folded) && prefix.length + contains.length < NAME_SEARCH_FEW_MATCHES
      ? keyed
          .filter((k) => exactMatchKind(k.key, folded) === undefined)
          .map((k) => ({ ...k, score: similarity(k.key, folded) }))
          .filter((k) => k.score >= NAME_SEARCH_MIN_SIMILARITY)
          .sort((a, b) => b.score - a.score || byKey(a, b))
          .slice(0, NAME_SEARCH_MAX_CLOSE)
      : [];
  return {
    names: [...prefix, ...contains, ...close].map((k) => k.record),
    search: { ...filter.search, prefixMatches: prefix.length, containsMatches: contains.length, closeMatches: close.length, exact: true },
  };
}

/** The page GET /names reads for these parameters and the total of its filters, or the server's 400. */
function namesPage(params: URLSearchParams): { names: NameRecord[]; total: number; search?: NameSearchSummary } | Response {
  const query = new URLSearchParams(params);
  // A hosted API that predates search: it answers the list as if q were not there (and says nothing about it).
  if (namesDb.ignoresSearch) query.delete('q');
  const checked = checkRequest('GET /api/names', { query });
  if (checked instanceof Response) return checked;
  const filter = refusedBy(namesFilterOf(checked.query));
  if (filter instanceof Response) return filter;
  const page = (matching: NameRecord[]) => matching.slice(filter.offset, filter.offset + filter.limit);
  if (filter.search) {
    const found = searchedNames({ ...filter, search: filter.search });
    return { names: page(found.names), total: found.names.length, search: found.search };
  }
  const matching = matchingNames(filter);
  return { names: page(matching), total: matching.length };
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
    const { nameIds: ids, versions } = checked.body;
    if (versions && versions.length !== ids.length) {
      return refused('versions', `versions must have one entry per id (${ids.length}), got ${versions.length}`);
    }
    const stale = versions
      ? namesDb.records.filter((r) => ids.includes(r.id) && versions[ids.indexOf(r.id)] !== r.version).sort((a, b) => a.id - b.id)
      : [];
    if (stale.length > 0) {
      return apiError(409, {
        error: VERSION_CONFLICT,
        message: `${stale.length === 1 ? 'A name was' : `${stale.length} names were`} changed since you loaded them (${stale.map((n) => `${n.name} (id ${n.id})`).join(', ')}): nothing was deleted`,
        field: 'versions',
        conflicts: stale.map(conflictOf),
      });
    }
    namesDb.bulkDeleteRequests.push(ids.length);
    return HttpResponse.json(moveToTrash(ids, 'bulk_delete', namesDb.actor));
  }),

  http.post('*/api/names/delete-preview', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names/delete-preview', { request });
    if (checked instanceof Response) return checked;
    const live = namesDb.records.filter((r) => checked.body.nameIds.includes(r.id));
    const carried = live.map((r) => namesDb.carriedBy(r.id));
    return HttpResponse.json<NamesImpact>({
      names: live.length,
      swipes: carried.reduce((n, c) => n + c.swipes, 0),
      matches: carried.reduce((n, c) => n + c.matches, 0),
    });
  }),

  http.get('*/api/names/trash', ({ request }) => {
    const checked = checkRequest('GET /api/names/trash', { query: new URL(request.url).searchParams });
    if (checked instanceof Response) return checked;
    const { limit = 50, offset = 0, deletionId } = checked.query;
    const listed = namesDb.trashed().filter((t) => deletionId === undefined || t.deletionId === deletionId);
    return HttpResponse.json({
      names: listed.slice(offset, offset + limit),
      total: listed.length,
      retentionDays: DEFAULT_TRASH_RETENTION_DAYS,
    });
  }),

  http.post('*/api/names/restore', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names/restore', { request });
    if (checked instanceof Response) return checked;
    const entries = lockTrashed(checked.body);
    if (entries instanceof Response) return entries;
    const twins = entries.filter((e) => namesDb.records.some((r) => sameIdentity(r, e.record)));
    if (twins.length > 0) {
      const described = twins.map((e) => `${e.record.name} (id ${e.record.id}) is live again`).join('; ');
      return refused('nameIds', `Nothing was restored: ${described}. Delete or rename the live name first, or restore the others.`, 409);
    }
    namesDb.trash = namesDb.trash.filter((e) => !entries.includes(e));
    namesDb.records.push(...entries.map((e) => ({ ...e.record, version: (e.record.version ?? 1) + 1 })));
    const body = checked.body;
    const remaining =
      'deletionId' in body && body.limit !== undefined
        ? { remaining: namesDb.trash.filter((e) => e.trashed.deletionId === body.deletionId).length }
        : {};
    return HttpResponse.json({
      restoredCount: entries.length,
      swipes: sum(entries, 'swipes'),
      matches: sum(entries, 'matches'),
      ...remaining,
    });
  }),

  http.post('*/api/names/trash/purge', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names/trash/purge', { request });
    if (checked instanceof Response) return checked;
    const entries = lockTrashed(checked.body);
    if (entries instanceof Response) return entries;
    namesDb.trash = namesDb.trash.filter((e) => !entries.includes(e));
    return HttpResponse.json({ purgedCount: entries.length, swipes: sum(entries, 'swipes'), matches: sum(entries, 'matches') });
  }),

  http.post('*/api/names', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names', { request });
    if (checked instanceof Response) return checked;
    const input = refusedBy(nameValuesOf(checked.body));
    if (input instanceof Response) return input;
    const inTrash = trashedTwinRefusal(input);
    if (inTrash) return inTrash;
    const id = namesDb.nextId++;
    const record: NameRecord = { id, name_id: id, ...nameInputOf(input), created_at: new Date().toISOString(), version: 1 };
    namesDb.records.push(record);
    return HttpResponse.json(record, { status: 201 });
  }),

  http.put('*/api/names/:id', async ({ request, params }) => {
    const checked = await checkedRequest('PUT /api/names/:id', { request, params });
    if (checked instanceof Response) return checked;
    const index = namesDb.records.findIndex((r) => r.id === checked.params.id);
    if (index < 0) return notFound(checked.params.id);
    const before = namesDb.records[index];
    const expected = ifMatchOf(request);
    if (expected !== undefined && expected !== before.version) return versionConflict(before, expected, 'saved');
    const input = refusedBy(nameValuesOf(checked.body));
    if (input instanceof Response) return input;
    if (!sameIdentity(before, input)) {
      const inTrash = trashedTwinRefusal(input);
      if (inTrash) return inTrash;
    }
    const updated = { ...before, ...nameInputOf(input), version: (before.version ?? 1) + 1 };
    namesDb.records[index] = updated;
    namesDb.lastChanges.set(updated.id, { changedBy: namesDb.actor, changedAt: new Date().toISOString() });
    return HttpResponse.json(updated);
  }),

  http.delete('*/api/names/:id', async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/names/:id', { request, params });
    if (checked instanceof Response) return checked;
    const id = checked.params.id;
    const record = namesDb.records.find((r) => r.id === id);
    if (!record) {
      if (namesDb.trash.some((e) => e.record.id === id)) return refused('id', `Name ${id} is already in the trash`, 404);
      return notFound(id);
    }
    const expected = ifMatchOf(request);
    if (expected !== undefined && expected !== record.version) return versionConflict(record, expected, 'deleted');
    moveToTrash([id], 'delete', namesDb.actor);
    return new HttpResponse(null, { status: 204 });
  }),
];

/** What a name record keeps of the checked input (its first letter is the server's index column). */
const nameInputOf = ({ name, gender, nationality }: NameValues) => ({ name, gender, nationality });
