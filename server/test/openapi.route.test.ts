// GET /api/openapi.json: the contract as OpenAPI 3.1, to admins only, as every /api route.
import { ENDPOINTS } from '../../contract/endpoints';
import { OPENAPI_VERSION, type OpenApiDocument } from '../../contract/openapi';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => t?.close());

const get = (token?: string) =>
  t.app.inject({ url: '/api/openapi.json', ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

it('answers admins with every endpoint of the contract', async () => {
  const response = await get(t.adminToken);
  expect(response.statusCode).toBe(200);
  const doc = response.json() as OpenApiDocument;
  expect(doc.openapi).toBe(OPENAPI_VERSION);
  expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
  const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
  expect(operations).toBe(Object.keys(ENDPOINTS).length);
  expect(doc.paths['/api/names/{id}']).toHaveProperty('put');
});

it('refuses a caller without a session, and one who is not an admin', async () => {
  expect((await get()).statusCode).toBe(401);
  expect((await get(t.userToken)).statusCode).toBe(403);
});
