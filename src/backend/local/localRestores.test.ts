// The local adapter of the restore port against the msw routes that check each request by its schema
// (mocks/restores.handlers.ts): the calls a restore makes, in order, and the server's reasons on refusals.
import { http, HttpResponse } from 'msw';
import { restoreServer } from '../../../mocks/restores.handlers';
import { server } from '../../../mocks/server';
import { HttpError } from '../../api/errors';
import { createLocalRestores } from './localRestores';

const tokens: (string | null)[] = [];
const port = createLocalRestores({ apiBaseUrl: 'http://localhost/api', timeoutMs: 5_000, getToken: async () => 'token-1' });

beforeEach(() => {
  restoreServer.reset();
  tokens.length = 0;
  server.events.on('request:start', ({ request }) => {
    tokens.push(request.headers.get('authorization'));
  });
});
afterEach(() => server.events.removeAllListeners());

it('opens, stages rows, checks, applies, follows and lists a restore through the /api/admin/restores routes', async () => {
  restoreServer.world.existing.names.add('1');
  const opened = await port.open({ fileName: 'backup-2026-11-22.json', fileSize: 1234 });
  expect(opened).toMatchObject({ state: 'staging', fileName: 'backup-2026-11-22.json', fileSize: 1234 });

  const rows = [
    { id: 1, name: 'Anna', gender: 'female', nationality: 'swedish' },
    { id: 2, name: 'Bo', gender: 'male', nationality: 'swedish' },
  ];
  expect(await port.sendRows(opened.id, { collection: 'names', firstIndex: 0, rows })).toEqual({ staged: 2, refused: 0 });
  const empty = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  const checked = await port.check(opened.id, { rowsRead: { ...empty, names: 2 }, fileProblems: [] });
  expect(checked.state).toBe('ready');
  expect(checked.plan!.collections.names).toMatchObject({ read: 2, existing: 1, missing: 1 });

  const applying = await port.apply(opened.id, { mode: 'add', confirmAdminChanges: false });
  expect(applying.state).toBe('applying');
  expect((await port.read(opened.id)).state).toBe('applying');
  const done = await port.read(opened.id);
  expect(done.report!.collections.names).toMatchObject({ added: 1, kept: 1 });
  expect((await port.list()).map((r) => r.id)).toEqual([opened.id]);

  expect(restoreServer.calls).toEqual([
    'POST /api/admin/restores',
    'POST /api/admin/restores/1/rows',
    'POST /api/admin/restores/1/check',
    'POST /api/admin/restores/1/apply',
    'GET /api/admin/restores/1',
    'GET /api/admin/restores/1',
    'GET /api/admin/restores',
  ]);
  expect(tokens.every((t) => t === 'Bearer token-1')).toBe(true);
});

it('cancels without a body, and rejects with the server reason when a step is refused', async () => {
  const opened = await port.open({ fileName: 'b.json', fileSize: 1 });
  expect((await port.cancel(opened.id)).state).toBe('cancelled');
  await expect(port.sendRows(opened.id, { collection: 'users', firstIndex: 0, rows: [{ uid: 'u1' }] })).rejects.toEqual(
    new HttpError(409, 'This restore is cancelled: it takes no more rows'),
  );
  // The contract's closed body: a field the server does not know is refused and named.
  await expect(port.apply(opened.id, { mode: 'merge' } as never)).rejects.toMatchObject({ status: 400 });
});

it('gives the check more than the usual deadline: the plan is worked out over every staged row', async () => {
  const quick = createLocalRestores({ apiBaseUrl: 'http://localhost/api', timeoutMs: 50, getToken: async () => null });
  server.use(
    http.post('*/api/admin/restores/:id/check', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return HttpResponse.json({ slow: true });
    }),
    http.get('*/api/admin/restores/:id', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return HttpResponse.json({});
    }),
  );
  await expect(quick.check(1, { rowsRead: { users: 0, names: 0, connections: 0, audit_logs: 0 }, fileProblems: [] })).resolves.toEqual({
    slow: true,
  });
  await expect(quick.read(1)).rejects.toMatchObject({ status: 'TIMEOUT' });
});
