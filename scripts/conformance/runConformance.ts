// The conformance suite: does a hosted API answer as the console expects (contract/endpoints.ts)? Every GET of the
// /api contract is called (ids for its path taken from the lists the API itself answers) and its answer checked
// against the contract's schema for the status it gave; unless read-only, a name then goes through its writes
// (create, edit with its version, the trash and back, deleted for good) and the operator's grid preferences are written
// back as read, each answer checked the same way. Run it against any API: `npm run conformance -- --api URL --token TOKEN [--read-only]`
// (docs/commands.md); server/test/conformance.test.ts runs it against this reference backend.
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints';
import { STREAMED_CSV_COLLECTIONS } from '../../contract/exports';

export interface ConformanceOptions {
  /** the API's origin, e.g. https://api.example.com (the contract's paths start with /api) */
  api: string;
  /** an admin's bearer token */
  token: string;
  /** only GETs: nothing is written */
  readOnly?: boolean;
  fetch?: typeof fetch;
}

export type CheckOutcome = 'ok' | 'failed' | 'skipped';

export interface CheckResult {
  endpoint: Endpoint;
  outcome: CheckOutcome;
  status?: number;
  /** what was wrong, or why it was skipped */
  detail?: string;
  /** fields the answer has beyond the contract: the console ignores them */
  extraFields?: string[];
}

type Params = Record<string, string>;
type Query = Record<string, string>;

/** What the API's own lists gave, to fill path parameters. */
interface Samples {
  nameId?: number;
  userUid?: string;
  /** a second user, for the pair endpoints */
  otherUid?: string;
  importRunId?: number;
  restoreId?: number;
}

/** Path parameters and query of the GETs that need them; absent: the GET needs none. Null: no sample, skipped. */
const GET_INPUTS: Partial<Record<Endpoint, (s: Samples) => { params?: Params; query?: Query } | null>> = {
  'GET /api/users/:uid': (s) => (s.userUid ? { params: { uid: s.userUid } } : null),
  'GET /api/history/:targetType/:id': (s) => (s.nameId ? { params: { targetType: 'name', id: String(s.nameId) } } : null),
  'GET /api/analytics/user-swipes/:id': (s) => (s.userUid ? { params: { id: s.userUid } } : null),
  'GET /api/analytics/user-swipe-insights/:id': (s) => (s.userUid ? { params: { id: s.userUid } } : null),
  'GET /api/analytics/swipe-sessions/:id': (s) => (s.userUid ? { params: { id: s.userUid } } : null),
  'GET /api/matches/:a/:b': (s) => (s.userUid && s.otherUid ? { params: { a: s.userUid, b: s.otherUid } } : null),
  'GET /api/admin/import-runs/:id': (s) => (s.importRunId ? { params: { id: String(s.importRunId) } } : null),
  'GET /api/admin/restores/:id': (s) => (s.restoreId ? { params: { id: String(s.restoreId) } } : null),
  'GET /api/export/:collection': () => ({ params: { collection: 'names' }, query: { limit: '5' } }),
  'GET /api/export/:collection/count': () => ({ params: { collection: 'names' } }),
  'GET /api/export/:collection/csv': () => ({ params: { collection: STREAMED_CSV_COLLECTIONS[0]! } }),
  'GET /api/views': () => ({ query: { page: 'names' } }),
  'GET /api/views/preferences/:page': () => ({ params: { page: 'names' } }),
  'GET /api/names': () => ({ query: { limit: '5' } }),
  'GET /api/users': () => ({ query: { limit: '5' } }),
};

/** GETs whose answer is not one JSON document: only their status and content type are checked. */
const STREAMS: Partial<Record<Endpoint, string>> = {
  'GET /api/live/counts': 'text/event-stream',
  'GET /api/export/:collection/csv': 'text/csv',
};

/** GETs that need a job in progress (a bulk job); they are covered by the writes of the suites that start one. */
const NEEDS_A_JOB: readonly Endpoint[] = ['GET /api/names/bulk-jobs/:id'];

const pathOf = (endpoint: Endpoint, params: Params = {}) =>
  endpoint.slice(endpoint.indexOf(' ') + 1).replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));

const responseSchemas = (endpoint: Endpoint): Record<string, TSchema> =>
  ((ENDPOINTS[endpoint] as { response?: Record<string, TSchema> }).response ?? {}) as Record<string, TSchema>;

/** The answer against the contract's schema for its status: failures, and extra fields apart. */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): { problems: string[]; extraFields: string[] } {
  const schema = responseSchemas(endpoint)[String(status)];
  if (!schema)
    return {
      problems: [`status ${status} is not one the contract gives for this endpoint: ${JSON.stringify(body).slice(0, 300)}`],
      extraFields: [],
    };
  const problems: string[] = [];
  const extraFields: string[] = [];
  for (const error of Value.Errors(schema, body)) {
    const where = error.instancePath || '(the answer)';
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperties?: string[] | string }).additionalProperties;
      for (const field of Array.isArray(extra) ? extra : [extra]) extraFields.push(`${where === '(the answer)' ? '' : where}/${field}`);
    } else problems.push(`${where}: ${error.message}`);
  }
  return { problems: [...new Set(problems)].slice(0, 5), extraFields: [...new Set(extraFields)].slice(0, 10) };
}

export async function runConformance(options: ConformanceOptions): Promise<CheckResult[]> {
  const doFetch = options.fetch ?? fetch;
  const origin = options.api.replace(/\/+$/, '');
  const results: CheckResult[] = [];

  const call = async (
    endpoint: Endpoint,
    input: { params?: Params; query?: Query; body?: unknown; ifMatch?: number } = {},
  ): Promise<{ status: number; body: unknown; contentType: string }> => {
    const method = endpoint.slice(0, endpoint.indexOf(' '));
    const url = new URL(`${origin}${pathOf(endpoint, input.params)}`);
    for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    if (input.ifMatch !== undefined) headers['if-match'] = `"${input.ifMatch}"`;
    const controller = new AbortController();
    const response = await doFetch(url, {
      method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: controller.signal,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (STREAMS[endpoint]) {
      controller.abort();
      return { status: response.status, body: undefined, contentType };
    }
    const text = await response.text();
    let body: unknown = text;
    if (contentType.includes('json') && text !== '') body = JSON.parse(text);
    if (text === '' && response.status === 204) body = null;
    return { status: response.status, body, contentType };
  };

  /** Calls and checks one endpoint; the answer is returned for what follows. */
  const check = async (endpoint: Endpoint, input: Parameters<typeof call>[1] = {}, expect?: number): Promise<unknown> => {
    try {
      const { status, body, contentType } = await call(endpoint, input);
      const stream = STREAMS[endpoint];
      if (stream) {
        const ok = status === 200 && contentType.startsWith(stream);
        results.push({
          endpoint,
          outcome: ok ? 'ok' : 'failed',
          status,
          ...(ok ? {} : { detail: `expected 200 ${stream}, got ${status} ${contentType}` }),
        });
        return undefined;
      }
      if (expect !== undefined && status !== expect) {
        results.push({
          endpoint,
          outcome: 'failed',
          status,
          detail: `expected ${expect}, got ${status}: ${JSON.stringify(body).slice(0, 300)}`,
        });
        return undefined;
      }
      const { problems, extraFields } = checkAnswer(endpoint, status, body);
      if (status >= 400 && problems.length === 0) problems.push(`answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
      results.push({
        endpoint,
        outcome: problems.length === 0 ? 'ok' : 'failed',
        status,
        ...(problems.length ? { detail: problems.join('; ') } : {}),
        ...(extraFields.length ? { extraFields } : {}),
      });
      return body;
    } catch (error) {
      results.push({ endpoint, outcome: 'failed', detail: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const skip = (endpoint: Endpoint, detail: string) => results.push({ endpoint, outcome: 'skipped', detail });

  // The lists first: their answers give the ids the other GETs need.
  const samples: Samples = {};
  const names = (await check('GET /api/names', GET_INPUTS['GET /api/names']!(samples)!)) as { names?: { id: number }[] } | undefined;
  samples.nameId = names?.names?.[0]?.id;
  const users = (await check('GET /api/users', GET_INPUTS['GET /api/users']!(samples)!)) as { users?: { uid: string }[] } | undefined;
  samples.userUid = users?.users?.[0]?.uid;
  samples.otherUid = users?.users?.[1]?.uid;
  const runs = (await check('GET /api/admin/import-runs')) as { runs?: { id: number }[] } | undefined;
  samples.importRunId = runs?.runs?.[0]?.id;
  const restores = (await check('GET /api/admin/restores')) as { restores?: { id: number }[] } | undefined;
  samples.restoreId = restores?.restores?.[0]?.id;
  const done = new Set<Endpoint>(['GET /api/names', 'GET /api/users', 'GET /api/admin/import-runs', 'GET /api/admin/restores']);

  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    if (!endpoint.startsWith('GET /api/') || done.has(endpoint)) continue;
    if (NEEDS_A_JOB.includes(endpoint)) {
      skip(endpoint, 'needs a bulk job in progress');
      continue;
    }
    const inputs = GET_INPUTS[endpoint];
    const input = inputs ? inputs(samples) : {};
    if (input === null) {
      skip(endpoint, 'the API listed nothing to fill its path with');
      continue;
    }
    if (!inputs && endpoint.includes('/:')) {
      skip(endpoint, 'no sample for its path parameters');
      continue;
    }
    await check(endpoint, input);
  }

  if (!options.readOnly) await writeChecks(check);
  return results;
}

type Check = (
  endpoint: Endpoint,
  input?: { params?: Params; query?: Query; body?: unknown; ifMatch?: number },
  expect?: number,
) => Promise<unknown>;

/** A name through its writes (gone for good at the end), and grid preferences written back unchanged; each answer checked. */
async function writeChecks(check: Check): Promise<void> {
  const marker = `Conformance ${Date.now().toString(36)}`;
  const created = (await check('POST /api/names', { body: { name: marker, gender: 'unisex', nationality: 'conformance' } }, 201)) as
    { id: number; version?: number } | undefined;
  if (created?.id) {
    const id = String(created.id);
    const edited = (await check(
      'PUT /api/names/:id',
      {
        params: { id },
        body: { name: `${marker} B`, gender: 'unisex', nationality: 'conformance' },
        ...(created.version ? { ifMatch: created.version } : {}),
      },
      200,
    )) as { version?: number } | undefined;
    await check('POST /api/names/delete-preview', { body: { nameIds: [created.id] } }, 200);
    await check('DELETE /api/names/:id', { params: { id }, ...(edited?.version ? { ifMatch: edited.version } : {}) }, 204);
    await check('GET /api/names/trash', { query: { limit: '5' } }, 200);
    await check('POST /api/names/restore', { body: { nameIds: [created.id] } }, 200);
    await check('POST /api/names/bulk-delete', { body: { nameIds: [created.id] } }, 200);
    await check('POST /api/names/trash/purge', { body: { nameIds: [created.id] } }, 200);
  }

  // The operator's grid preferences of one page, written back as they were read.
  const preferences = (await check('GET /api/views/preferences/:page', { params: { page: 'names' } }, 200)) as
    { columns: Record<string, boolean>; density: string } | undefined;
  if (preferences)
    await check(
      'PUT /api/views/preferences/:page',
      { params: { page: 'names' }, body: { columns: preferences.columns, density: preferences.density } },
      200,
    );
}

/** The report: one line per endpoint, then the totals. */
export function formatReport(results: readonly CheckResult[]): string {
  const lines = results.map((r) => {
    const mark = r.outcome === 'ok' ? 'ok     ' : r.outcome === 'failed' ? 'FAILED ' : 'skipped';
    const extra = r.extraFields?.length ? ` (extra fields, ignored by the console: ${r.extraFields.join(', ')})` : '';
    return `${mark} ${r.endpoint}${r.status ? ` ${r.status}` : ''}${r.detail ? `: ${r.detail}` : ''}${extra}`;
  });
  const count = (outcome: CheckOutcome) => results.filter((r) => r.outcome === outcome).length;
  lines.push('', `${count('ok')} conform, ${count('failed')} do not, ${count('skipped')} skipped`);
  return lines.join('\n');
}
