// The History drawer through the local history adapter over msw (mocks/history.handlers.ts, which builds a user's
// history from the users mock's trail and app events, as the reference backend does): entries newest first with
// who, when and each change, Load older, and Revert with its confirmation, its If-Match and the server's reasons.
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RevertResponse } from '../../../contract/schemas/dataSafety';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { historyDb, historyHandlers } from '../../../mocks/history.handlers';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import { changeElsewhere, OPERATOR, usersDb, usersHandlers } from '../../../mocks/users.handlers';
import { createLocalHistory } from '../../backend/local/localHistory';
import { RecordHistoryDrawer, type HistoryDrawerTarget } from './index';

const BJORN: HistoryDrawerTarget = { type: 'user', id: 'u0002', label: 'Bjorn B.' };
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();

beforeEach(() => {
  usersDb.reset();
  historyDb.reset();
  server.use(...usersHandlers, ...historyHandlers);
  usersDb.records.set('u0002', { ...usersDb.records.get('u0002')!, isPremium: true, accountActive: false, version: 4 });
  usersDb.appEvents.push({ id: 1, uid: 'u0002', at: at(1), event: 'USER_CREATED' });
  usersDb.actions.push(
    {
      id: 10,
      uid: 'u0002',
      at: at(2),
      actor: { uid: 'a2', email: 'ana@example.com' },
      action: 'user.update',
      before: { accountActive: true },
      after: { accountActive: false },
    },
    { id: 11, uid: 'u0002', at: at(3), actor: OPERATOR, action: 'user.update', before: { isPremium: false }, after: { isPremium: true } },
  );
  usersDb.appEvents.push({ id: 2, uid: 'u0002', at: at(3, 13), event: 'SUBSCRIPTION_START' });
});

function Harness({ onReverted }: { onReverted?: (result: RevertResponse) => void }) {
  const [target, setTarget] = useState<HistoryDrawerTarget | null>(BJORN);
  return <RecordHistoryDrawer target={target} onClose={() => setTarget(null)} onReverted={onReverted} />;
}

function renderDrawer(onReverted?: (result: RevertResponse) => void) {
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' } });
  backend.records.set('admin-1', makeUserRecord({ uid: 'admin-1', email: 'admin@example.com', isAdmin: true }));
  backend.history = createLocalHistory({ apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => 'token' });
  return renderWithProviders(<Harness onReverted={onReverted} />, { backend, preloadedState: signedInAdminState });
}

const entries = async () => {
  const list = await screen.findByRole('list', { name: 'History entries' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
};

it('lists the changes newest first: what, who (the operator, the app) and when, each field before → after', async () => {
  renderDrawer();
  const drawer = await screen.findByRole('region', { name: 'Record history' });
  expect(drawer).toHaveTextContent('User: Bjorn B.');
  const items = await entries();
  expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
    'The app recorded SUBSCRIPTION_START',
    'Edited',
    'Edited',
    'The app recorded USER_CREATED',
  ]);
  expect(items[0]).toHaveTextContent('the app · 3 Mar 2026, 13:00:00 UTC');
  expect(items[1]).toHaveTextContent('admin@example.com · 3 Mar 2026, 12:00:00 UTC');
  expect(within(items[1]!).getByRole('list', { name: 'Changes' })).toHaveTextContent('isPremium: false → true');
  expect(items[2]).toHaveTextContent('ana@example.com');
  expect(items[2]).toHaveTextContent('accountActive: true → false');
  // Only what the server says can be taken back now has a Revert button.
  expect(items.map((item) => within(item).queryByRole('button', { name: 'Revert' }) !== null)).toEqual([false, true, true, false]);
  expect(historyDb.reads).toEqual([{ target: 'user:u0002', limit: 20 }]);
});

it('reads older entries with the cursor', async () => {
  for (let i = 0; i < 25; i++) usersDb.appEvents.push({ id: 100 + i, uid: 'u0002', at: at(20, i % 24), event: `EVENT_${i}` });
  renderDrawer();
  expect(await entries()).toHaveLength(20);
  fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
  await waitFor(async () => expect(await entries()).toHaveLength(29));
  expect(historyDb.reads.at(-1)).toEqual({ target: 'user:u0002', limit: 20, before: '20' });
  expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  expect((await entries()).at(-1)).toHaveAccessibleName('The app recorded USER_CREATED');
});

it('reverts after a confirmation, based on the record’s version, then shows the history afresh', async () => {
  const onReverted = jest.fn();
  renderDrawer(onReverted);
  const [, premium] = await entries();
  fireEvent.click(within(premium!).getByRole('button', { name: 'Revert' }));
  const question = await screen.findByRole('dialog', { name: 'Revert this change?' });
  expect(question).toHaveTextContent('Revert: set isPremium back to false?');
  fireEvent.click(within(question).getByRole('button', { name: 'Revert' }));

  expect(await screen.findByText('Reverted: set isPremium back to false.')).toBeInTheDocument();
  expect(historyDb.reverts).toEqual([{ actionId: 11, targetId: 'u0002', ifMatch: '"4"' }]);
  expect(onReverted).toHaveBeenCalledWith(
    { state: 'live', current: expect.objectContaining({ uid: 'u0002', isPremium: false, version: 5 }) },
    BJORN,
  );
  await waitFor(async () => expect((await entries())[0]).toHaveAccessibleName('Reverted an earlier change'));
  const [reverted, , edited] = await entries();
  expect(reverted).toHaveTextContent('isPremium: true → false');
  // The change it took back no longer holds: nothing to revert there now.
  expect(within(edited!).queryByRole('button', { name: 'Revert' })).not.toBeInTheDocument();
});

it('says why a revert was refused (409: the record changed since the history was read) and reads the history again', async () => {
  renderDrawer();
  const [, premium] = await entries();
  // The app wrote the record after the history was read: its version moved on.
  changeElsewhere('u0002', { lastActiveDate: at(4) });
  fireEvent.click(within(premium!).getByRole('button', { name: 'Revert' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revert this change?' })).getByRole('button', { name: 'Revert' }));

  const reason = 'The user record was changed since you loaded it (your version 4, now 5): nothing was saved';
  expect(await screen.findByText(`Could not revert: ${reason}`, { selector: '#notistack-snackbar' })).toBeInTheDocument();
  // (the region is hidden while the confirmation fades out)
  const drawer = await screen.findByRole('region', { name: 'Record history' });
  expect(within(drawer).getByRole('alert')).toHaveTextContent(`Could not revert: ${reason}`);
  expect(usersDb.records.get('u0002')).toMatchObject({ isPremium: true });
  await waitFor(() => expect(historyDb.reads).toHaveLength(2));

  // Read afresh, the same revert goes through with the record's new version.
  const [, again] = await entries();
  fireEvent.click(within(again!).getByRole('button', { name: 'Revert' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revert this change?' })).getByRole('button', { name: 'Revert' }));
  expect(await screen.findByText('Reverted: set isPremium back to false.')).toBeInTheDocument();
  expect(historyDb.reverts.map((r) => r.ifMatch)).toEqual(['"4"', '"5"']);
});

it('says why a revert was refused with 410 (deleted forever)', async () => {
  server.use(
    http.post('*/api/history/revert', () =>
      HttpResponse.json({ error: 'gone', message: 'Name 7 was deleted forever: nothing to revert. Nothing was written.' }, { status: 410 }),
    ),
  );
  renderDrawer();
  const [, premium] = await entries();
  fireEvent.click(within(premium!).getByRole('button', { name: 'Revert' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revert this change?' })).getByRole('button', { name: 'Revert' }));
  const drawer = await screen.findByRole('region', { name: 'Record history' });
  expect(await within(drawer).findByRole('alert')).toHaveTextContent(
    'Could not revert: Name 7 was deleted forever: nothing to revert. Nothing was written.',
  );
});

it('says when a record has no history and is gone', async () => {
  usersDb.actions = [];
  usersDb.appEvents = [];
  usersDb.records.delete('u0002');
  renderDrawer();
  expect(await screen.findByText('No changes recorded for this user.')).toBeInTheDocument();
  expect(screen.getByText('This user was deleted.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Close history' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Record history' })).not.toBeInTheDocument());
});

it('says why the history could not be read, with Retry', async () => {
  let failing = true;
  server.use(
    http.get('*/api/history/:targetType/:id', () =>
      failing ? HttpResponse.json({ error: 'internal', message: 'database unavailable' }, { status: 500 }) : undefined,
    ),
  );
  renderDrawer();
  expect(await screen.findByText('Failed to load the history: database unavailable')).toBeInTheDocument();
  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await entries()).toHaveLength(4);
});
