import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './testApp';

// With the built console served (npm start), its catch-all file route takes every GET the API does not:
// an unknown /api path must still answer a stranger 401, like a known one, and never the console's page.
let t: TestApp;
const dist = mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  t = await createTestApp({ seed: 'accounts', staticDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

it('an unknown /api path is 401 without a token, 403 for a non-admin, a JSON 404 for an admin', async () => {
  expect((await get('/api/no-such-route')).statusCode).toBe(401);
  expect((await get('/api/no-such-route', t.userToken)).statusCode).toBe(403);
  const admin = await get('/api/no-such-route', t.adminToken);
  expect(admin.statusCode).toBe(404);
  expect(admin.headers['content-type']).toMatch(/application\/json/);
});

it('client-side routes still get the console', async () => {
  const page = await get('/dashboard');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<title>console</title>');
});
