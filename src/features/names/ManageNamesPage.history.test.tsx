// A name's History from Manage Names (contract/dataSafety.ts): the row's History action opens the drawer on that
// name; a revert is sent with the name's version and the list shows the name as the revert left it. A trashed
// name's History is reached from the Trash tab.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { RecordHistory } from '../../../contract/schemas/dataSafety';
import { historyDb, historyHandlers } from '../../../mocks/history.handlers';
import { namesDb } from '../../../mocks/names.handlers';
import { server } from '../../../mocks/server';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { createLocalHistory } from '../../backend/local/localHistory';
import ManageNamesPage from './ManageNamesPage';
import { nameCell, resetNamesBackend, rowOf, scroller } from './testing/namesTestKit';

jest.setTimeout(60_000);
scroller.install();
resetNamesBackend();
beforeEach(() => {
  historyDb.reset();
  server.use(...historyHandlers);
});

const OPERATOR = { uid: 'u-ana', email: 'ana@example.com' };

/** Manage Names with the history port of the local backend, over msw (mocks/history.handlers.ts). */
function renderNamesPage(route: string) {
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' } });
  backend.records.set('admin-1', makeUserRecord({ uid: 'admin-1', email: 'admin@example.com', isAdmin: true }));
  backend.history = createLocalHistory({ apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => 'token' });
  return renderWithProviders(<ManageNamesPage />, { backend, preloadedState: signedInAdminState, route });
}

/** Emma was added, then renamed from Emmy by Ana: the rename can be reverted. */
function seedHistory(id: number, version: number): RecordHistory {
  const current = { ...namesDb.records.find((r) => r.id === id)!, version };
  const history: RecordHistory = {
    state: 'live',
    current,
    entries: [
      {
        id: 'console:7',
        source: 'console',
        at: '2026-03-05T09:00:00.000Z',
        actor: OPERATOR,
        action: 'name.update',
        summary: 'Edited',
        changes: [{ field: 'name', before: 'Emmy', after: 'Emma' }],
        revertActionId: 7,
      },
      {
        id: 'import:2',
        source: 'import',
        at: '2026-03-01T08:00:00.000Z',
        actor: OPERATOR,
        action: 'import',
        summary: 'Created by importing names.csv (import run 2)',
        changes: [],
        revertActionId: null,
      },
    ],
    nextCursor: null,
  };
  historyDb.names.set(String(id), history);
  return history;
}

it('opens the History of a row, and a revert is sent with the version and shows in the list', async () => {
  const user = userEvent.setup();
  const emma = namesDb.live('Emma');
  seedHistory(emma.id, 4);
  const reverts: { body: unknown; ifMatch: string | null }[] = [];
  server.use(
    http.post('*/api/history/revert', async ({ request }) => {
      reverts.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
      const record = namesDb.records.find((r) => r.id === emma.id)!;
      record.name = 'Emmy';
      return HttpResponse.json({ state: 'live', current: { ...record, version: 5 } });
    }),
  );
  renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(nameCell('Emma')).not.toBeNull());
  await user.click(within(rowOf('Emma')).getByRole('button', { name: 'History' }));

  const drawer = await screen.findByRole('region', { name: 'Record history' });
  await waitFor(() => expect(within(drawer).getAllByRole('listitem', { name: /Edited|Created/ })).toHaveLength(2));
  expect(within(drawer).getByText('name: “Emmy” → “Emma”', { exact: false })).toBeInTheDocument();
  expect(within(drawer).getByText('Created by importing names.csv (import run 2)')).toBeInTheDocument();
  expect(historyDb.reads.map((r) => r.target)).toEqual([`name:${emma.id}`]);

  await user.click(within(drawer).getByRole('button', { name: 'Revert' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Revert this change?' })).getByRole('button', { name: /Revert/ }));
  await waitFor(() => expect(reverts).toHaveLength(1));
  expect(reverts[0]).toEqual({ body: { actionId: 7, targetId: String(emma.id) }, ifMatch: '"4"' });
  // The names list is read again and shows the name as the revert left it.
  await waitFor(() => expect(nameCell('Emmy')).not.toBeNull());
});

it('a trashed name’s History opens from the Trash tab', async () => {
  const user = userEvent.setup();
  const emma = namesDb.live('Emma');
  namesDb.trashNames([emma.id], 'delete', OPERATOR, '2026-03-06T10:00:00.000Z');
  historyDb.names.set(String(emma.id), {
    state: 'trash',
    current: { ...emma, version: 2 },
    entries: [
      {
        id: 'console:9',
        source: 'console',
        at: '2026-03-06T10:00:00.000Z',
        actor: OPERATOR,
        action: 'name.delete',
        summary: 'Moved to the trash with 75 swipes and 1 match',
        changes: [],
        revertActionId: 9,
      },
    ],
    nextCursor: null,
  });
  renderNamesPage('/manage-names?view=trash');
  await waitFor(() => expect(nameCell('Emma')).not.toBeNull());
  await user.click(within(rowOf('Emma')).getByRole('button', { name: 'History' }));
  const drawer = await screen.findByRole('region', { name: 'Record history' });
  expect(await within(drawer).findByText('Moved to the trash with 75 swipes and 1 match')).toBeInTheDocument();
  expect(within(drawer).getByRole('button', { name: 'Revert' })).toBeInTheDocument();
});
