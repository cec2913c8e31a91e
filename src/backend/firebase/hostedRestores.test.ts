// Firebase mode's restore port: the hosted API's /api/admin/restores routes (the msw routes of
// mocks/restores.handlers.ts check each request by its schema), called with the Firebase ID token.
import { restoreServer } from '../../../mocks/restores.handlers';
import { server } from '../../../mocks/server';
import { createHostedRestores } from './hostedRestores';

const authorizations: (string | null)[] = [];
beforeEach(() => {
  restoreServer.reset();
  authorizations.length = 0;
  server.events.on('request:start', ({ request }) => {
    authorizations.push(request.headers.get('authorization'));
  });
});
afterEach(() => server.events.removeAllListeners());

it('opens, stages, checks and applies a restore on the hosted API with the Firebase ID token', async () => {
  const port = createHostedRestores({ apiBaseUrl: 'http://localhost/api', timeoutMs: 5_000, getToken: async () => 'firebase-id-token' });
  const opened = await port.open({ fileName: 'backup.json', fileSize: 10 });
  await port.sendRows(opened.id, { collection: 'users', firstIndex: 0, rows: [{ uid: 'u1', email: 'u1@x.com' }] });
  const empty = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  const checked = await port.check(opened.id, { rowsRead: { ...empty, users: 1 }, fileProblems: [] });
  expect(checked.plan!.collections.users).toMatchObject({ read: 1, missing: 1 });
  expect((await port.apply(opened.id, { mode: 'add', confirmAdminChanges: false })).state).toBe('applying');
  expect(restoreServer.calls).toEqual([
    'POST /api/admin/restores',
    'POST /api/admin/restores/1/rows',
    'POST /api/admin/restores/1/check',
    'POST /api/admin/restores/1/apply',
  ]);
  expect(authorizations).toHaveLength(4);
  expect(authorizations.every((a) => a === 'Bearer firebase-id-token')).toBe(true);
});
