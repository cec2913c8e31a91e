// Every route the server registers, enumerated as Fastify registers it (the onRoute hook), must take its
// schema from contract/endpoints.ts: a request schema (query always, path parameters when the path has
// them) and a response schema for its success. A route added without one fails here.
import type { RouteOptions } from 'fastify';
import { ENDPOINTS, UNTYPED_ANSWER, type Endpoint } from '../../contract/endpoints';
import { createTestApp, type TestApp } from './testApp';

const routes: RouteOptions[] = [];
let t: TestApp;

// The served configuration (npm start): the console's files are routes too.
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', served: true, onRoute: (route) => routes.push(route) });
});
afterAll(async () => t?.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const backendRoutes = () => routes.filter((route) => /^\/(api|auth)\//.test(route.url));

test('the routes were enumerated, the static files route aside', () => {
  expect(backendRoutes().length).toBeGreaterThan(40);
  // @fastify/static's file route: its input is a file path, answered by the plugin (404 or the file).
  expect(routes.filter((route) => !/^\/(api|auth)\//.test(route.url)).map((route) => route.url)).toEqual(['/*']);
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

test('a route without a body schema refuses a body with fields (nothing is silently ignored)', async () => {
  const bodiless = backendRoutes().filter(
    (route) => methodsOf(route).some((method) => method === 'POST') && !(route.schema as { body?: unknown }).body,
  );
  expect(bodiless.map((route) => route.url).sort()).toEqual([
    '/api/admin/import-runs/:id/undo',
    '/api/admin/migrate/add-random-seed-column',
    '/auth/renew',
    '/auth/sign-out',
  ]);
  for (const route of bodiless) {
    const response = await t.app.inject({
      method: 'POST',
      url: route.url.replace(':id', '1'),
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { surprise: true },
    });
    expect({ url: route.url, status: response.statusCode, field: response.json().field }).toEqual({
      url: route.url,
      status: 400,
      field: 'body',
    });
  }
});
