// The conformance suite (scripts/conformance) against this reference backend: every GET of the contract and the
// writes of a name answer as the contract says. The same suite checks anyone's hosted API from the command line.
import { formatReport, runConformance, type CheckResult } from '../../scripts/conformance/runConformance';
import { createTestApp, type TestApp } from './testApp';

jest.setTimeout(120_000);

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
});

const failures = (results: CheckResult[]) => results.filter((r) => r.outcome === 'failed');

describe('the conformance suite against the reference backend', () => {
  it('read-only: every GET of the contract conforms; only those with nothing to read back are skipped', async () => {
    const results = await runConformance({ api: origin, token: t.adminToken, readOnly: true });
    expect(failures(results)).toEqual([]);
    // a bulk job only exists while one runs; the demo data holds no import run or restore to read back
    expect(results.filter((r) => r.outcome === 'skipped').map((r) => r.endpoint)).toEqual([
      'GET /api/names/bulk-jobs/:id',
      'GET /api/admin/import-runs/:id',
      'GET /api/admin/restores/:id',
    ]);
    expect(results.find((r) => r.endpoint === 'GET /api/export/:collection/csv')).toMatchObject({ outcome: 'ok', status: 200 });
    expect(results.find((r) => r.endpoint === 'GET /api/names')).toMatchObject({ outcome: 'ok', status: 200 });
    expect(results.find((r) => r.endpoint === 'GET /api/users/:uid')).toMatchObject({ outcome: 'ok', status: 200 });
    expect(results.find((r) => r.endpoint === 'GET /api/live/counts')).toMatchObject({ outcome: 'ok', status: 200 });
    expect(results.filter((r) => r.endpoint.startsWith('POST '))).toEqual([]);
    expect(formatReport(results)).toMatch(/\d+ conform, 0 do not, \d+ skipped$/);
  });

  it('with writes: a name through create, edit, the trash and back, and gone for good; grid preferences written back', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
    const results = await runConformance({ api: origin, token: t.adminToken });
    expect(failures(results)).toEqual([]);
    for (const endpoint of [
      'POST /api/names',
      'PUT /api/names/:id',
      'DELETE /api/names/:id',
      'POST /api/names/restore',
      'POST /api/names/trash/purge',
    ])
      expect(results.find((r) => r.endpoint === endpoint)).toMatchObject({ outcome: 'ok' });
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('reports an answer that does not match the contract, naming the field', async () => {
    const lying: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/swipes/stats') return Response.json({ totalNames: 'many', totalSwipes: 3, extra: 1 });
      return fetch(input, init);
    };
    const results = await runConformance({ api: origin, token: t.adminToken, readOnly: true, fetch: lying });
    const stats = results.find((r) => r.endpoint === 'GET /api/swipes/stats')!;
    expect(stats.outcome).toBe('failed');
    expect(stats.detail).toContain('/totalNames');
    expect(formatReport(results)).toContain('FAILED  GET /api/swipes/stats 200: /totalNames');
  });
});
