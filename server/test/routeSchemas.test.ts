// Every route the server registers, enumerated as Fastify registers it (the onRoute hook), must take its
// schema from contract/endpoints.ts: a request schema (query always, path parameters when the path has
// them) and a response schema for its success. A route added without one fails here.
import type { RouteOptions } from 'fastify';
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints';
import { NoBody, UNTYPED_ANSWER } from '../../contract/schemas/parts';
import { createTestApp, type TestApp } from './testApp';

const routes: RouteOptions[] = [];
let t: TestApp;

// The served configuration (npm start): the console's files are routes too.
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', served: true, onRoute: (route) => routes.push(route) });
});
afterAll(async () => t?.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
/** /api, /auth and the operations probes (routes/probes.ts): every route but the console's files. */
const BACKEND_ROUTE = /^\/(api|auth)\/|^\/(healthz|readyz|metrics)$/;
const backendRoutes = () => routes.filter((route) => BACKEND_ROUTE.test(route.url));

test('the routes were enumerated, the static files route aside', () => {
  expect(backendRoutes().length).toBeGreaterThan(40);
  expect(backendRoutes().map((route) => route.url)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics']));
  // @fastify/static's file route: its input is a file path, answered by the plugin (404 or the file).
  expect(routes.filter((route) => !BACKEND_ROUTE.test(route.url)).map((route) => route.url)).toEqual(['/*']);
});

test('every backend route takes its schema from contract/endpoints.ts', () => {
  const problems: string[] = [];
  for (const route of backendRoutes()) {
    for (const method of methodsOf(route)) {
      // Fastify adds a HEAD route for every GET, with the GET's schema.
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}` as Endpoint;
      const endpoint = ENDPOINTS[key];
      if (!endpoint) {
        problems.push(`${method} ${route.url}: not in contract/endpoints.ts`);
        continue;
      }
      if (route.schema !== endpoint) problems.push(`${method} ${route.url}: its schema is not the contract's`);
    }
  }
  expect(problems).toEqual([]);
});

test('every backend route has a request schema and a response schema', () => {
  const problems: string[] = [];
  for (const route of backendRoutes()) {
    const schema = (route.schema ?? {}) as { querystring?: unknown; params?: unknown; body?: unknown; response?: Record<string, unknown> };
    const where = `${methodsOf(route).join(',')} ${route.url}`;
    if (!schema.querystring) problems.push(`${where}: no query schema`);
    if (route.url.includes(':') && !schema.params) problems.push(`${where}: no path parameter schema`);
    const success = Object.entries(schema.response ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    if (success.length === 0) problems.push(`${where}: no response schema`);
  }
  expect(problems).toEqual([]);
});

test('only the event stream and the export pages answer without a fixed shape', () => {
  const untyped = Object.entries(ENDPOINTS)
    .filter(([, endpoint]) => Object.values(endpoint.response).includes(UNTYPED_ANSWER))
    .map(([key]) => key);
  expect(untyped).toEqual(['GET /api/live/counts', 'GET /api/export/:collection']);
});

test('every POST, PUT and PATCH route has a body schema (NoBody for a call without data)', () => {
  const withoutBody = backendRoutes()
    .filter((route) => methodsOf(route).some((method) => ['POST', 'PUT', 'PATCH'].includes(method)))
    .filter((route) => !(route.schema as { body?: unknown }).body)
    .map((route) => route.url);
  expect(withoutBody).toEqual([]);
});

test('a call without data takes no body or {}, and refuses a field, naming it', async () => {
  const noData = backendRoutes().filter((route) => (route.schema as { body?: unknown }).body === NoBody);
  expect(noData.map((route) => route.url).sort()).toEqual([
    '/api/admin/import-checks',
    '/api/admin/import-runs/:id/undo',
    '/api/admin/migrate/add-random-seed-column',
    '/api/admin/operators/:uid/grant',
    '/api/admin/operators/:uid/reset-mfa',
    '/api/admin/operators/:uid/reset-password',
    '/api/admin/operators/:uid/revoke',
    '/api/admin/restores/:id/cancel',
    '/api/names/bulk-jobs/:id/cancel',
    '/auth/renew',
    '/auth/sign-out',
  ]);
  for (const route of noData) {
    const response = await t.app.inject({
      method: 'POST',
      url: route.url.replace(':id', '1').replace(':uid', 'nobody'),
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { surprise: true },
    });
    expect({ url: route.url, status: response.statusCode, field: response.json().field }).toEqual({
      url: route.url,
      status: 400,
      field: 'surprise',
    });
  }
  // Neither a body nor {} is data: the schema lets both through (to the route's own answer).
  for (const payload of [undefined, {}]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import-runs/999999/undo',
      headers: { authorization: `Bearer ${t.adminToken}` },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(404);
  }
});

test('a route without a body schema (GET, DELETE) refuses a body with fields (nothing is silently ignored)', async () => {
  const response = await t.app.inject({
    method: 'DELETE',
    url: '/api/names/1',
    headers: { authorization: `Bearer ${t.adminToken}` },
    payload: { surprise: true },
  });
  expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field: 'body' });
});
