// The Restore card as an operator uses it, against the reference backend's restore routes in msw
// (mocks/restores.handlers.ts): the store's own restore saga, the real stream reader and local adapter.
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { BACKUP_COLLECTIONS } from '../../../../contract/exports';
import { createFakeBackend, type FakeBackend } from '../../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { restoreServer } from '../../../../mocks/restores.handlers';
import { server } from '../../../../mocks/server';
import { createJsonArrayWriter } from '../../../lib/export';
import { backupClosing, backupOpening, backupSectionOpening } from '../backupDocument';
import { RestoreCard } from './RestoreCard';

function writeBackup(sections: Partial<Record<string, unknown[]>>): string {
  let text = backupOpening('2026-11-22T20:00:00.000Z');
  const counts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  BACKUP_COLLECTIONS.forEach((section, index) => {
    const writer = createJsonArrayWriter();
    const rows = sections[section] ?? [];
    text += backupSectionOpening(section, index) + writer.open() + writer.rows(rows) + writer.close();
    counts[section] = rows.length;
  });
  return text + backupClosing(counts);
}

const name = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name_id: id,
  name: `Name ${id}`,
  gender: 'female',
  nationality: 'irish',
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const user = (uid: string, extra: Record<string, unknown> = {}) => ({ uid, email: `${uid}@example.com`, isAdmin: false, ...extra });

function renderCard(backend?: FakeBackend) {
  const rendered = renderWithProviders(<RestoreCard />, {
    route: '/data-export',
    preloadedState: signedInAdminState,
    ...(backend ? { backend } : {}),
  });
  const card = screen.getByRole('region', { name: 'Restore from backup' });
  const choose = (text: string, fileName = 'backup-2026-11-22.json') => {
    const input = card.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new NodeFile([text], fileName, { type: 'application/json' })] } });
  };
  return { ...rendered, card, choose };
}

const figuresOf = (table: HTMLElement, rowName: string) =>
  within(within(table).getByRole('rowheader', { name: rowName }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  restoreServer.reset();
  restoreServer.applyPolls = 1;
});

it('checks a file, shows the plan per collection with both modes stated, adds what is missing and reports per collection', async () => {
  restoreServer.world.existing.names = new Set(['1', '2', '9']);
  restoreServer.world.trash = new Set(['3']);
  const user1 = userEvent.setup();
  const { card, choose } = renderCard();
  choose(writeBackup({ users: [user('u1')], names: [name(1), name(2), name(3), name(4), name(5, { gender: 'other' })] }));

  expect(await within(card).findByText(/backup-2026-11-22\.json checked: 6 rows read, 1 refused\./)).toBeInTheDocument();
  const plan = within(card).getByRole('table', { name: 'Restore plan' });
  // read, refused, existing, missing, in the trash, not in the file
  expect(figuresOf(plan, 'Names')).toEqual(['5', '1', '2', '1', '1', '1']);
  expect(figuresOf(plan, 'Users')).toEqual(['1', '0', '0', '1', '—', '0']);
  expect(within(card).getByRole('list', { name: 'Refused rows' })).toHaveTextContent('names[4]: gender must be male, female or unisex');
  expect(
    within(card).getByText(
      /Records whose id is absent are created \(2 records, and 1 name comes back from the trash\); existing records \(2\) are kept as they are, never overwritten\. Safe to run twice/,
    ),
  ).toBeInTheDocument();
  // A refused row: replace is not offered, and says why.
  expect(within(card).getByRole('radio', { name: /^Replace/ })).toBeDisabled();
  expect(within(card).getByText(/Not available: 1 row\(s\) of the file are refused/)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Restore' })).toBeDisabled();

  await user1.click(within(card).getByRole('radio', { name: /^Add what is missing/ }));
  await user1.click(within(card).getByRole('button', { name: 'Add what is missing' }));

  const report = await within(card).findByRole('table', { name: 'Restore report' }, { timeout: 15_000 });
  // read, added, kept, replaced, removed, restored from the trash, refused
  expect(figuresOf(report, 'Names')).toEqual(['5', '1', '2', '0', '0', '1', '1']);
  expect(
    within(card).getByText('Restored backup-2026-11-22.json (added what was missing): 2 added, 2 kept, 1 restored from the trash.'),
  ).toBeInTheDocument();
  expect(restoreServer.applies).toEqual([{ id: 1, mode: 'add', confirmAdminChanges: false }]);
  expect(await screen.findByText('Backup restored')).toBeInTheDocument();
});

it('a problem of the file itself (a collection that is not a list) refuses both modes, with the reason', async () => {
  const { card, choose } = renderCard();
  choose(writeBackup({ names: [name(1)] }).replace('"users":[]', '"users":{"u1":{"uid":"u1"}}'));
  await within(card).findByRole('table', { name: 'Restore plan' });
  expect(restoreServer.checks[0]!.body.fileProblems).toEqual([
    { collection: 'users', problem: 'users is an object, not a list: its rows cannot be read' },
  ]);
  expect(within(card).getByRole('list', { name: 'Refused rows' })).toHaveTextContent(
    'users is an object, not a list: its rows cannot be read',
  );
  expect(within(card).getByText(/^This restore cannot be applied: the file itself has a problem \(users is an object/)).toBeInTheDocument();
  expect(within(card).getByRole('radio', { name: /^Add what is missing/ })).toBeDisabled();
  expect(within(card).getByRole('radio', { name: /^Replace/ })).toBeDisabled();
  await userEvent.click(within(card).getByRole('button', { name: 'Discard this restore' }));
  await waitFor(() => expect(within(card).queryByRole('table', { name: 'Restore plan' })).not.toBeInTheDocument());
  expect(restoreServer.restores.get(1)!.session.state).toBe('cancelled');
});

it('replace says what it removes and takes, names the file the current state is saved to, and asks once more', async () => {
  restoreServer.world.existing.users = new Set(['u1', 'gone']);
  restoreServer.world.existing.names = new Set(['1', '7', '8']);
  restoreServer.world.swipesOf.set('gone', 12);
  restoreServer.world.requestsOf.set('gone', 2);
  const u = userEvent.setup();
  const { card, choose } = renderCard();
  choose(writeBackup({ users: [user('u1')], names: [name(1)] }));
  await within(card).findByRole('table', { name: 'Restore plan' });

  const replace = within(card).getByRole('radio', { name: /^Replace/ });
  expect(replace).toHaveAccessibleName(
    expect.stringContaining(
      '2 names not in the file move to the trash. 1 user not in the file is deleted with their 12 swipes and 2 connection requests.',
    ),
  );
  expect(replace).toHaveAccessibleName(
    expect.stringContaining('The current state is first saved on the server as before-restore-1-20261127T100000Z.json.'),
  );
  await u.click(replace);
  await u.click(within(card).getByRole('button', { name: 'Replace with this file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace the data with this file?' });
  expect(dialog).toHaveTextContent('first saved on the server as before-restore-1-20261127T100000Z.json');
  await u.click(within(dialog).getByRole('button', { name: 'Replace' }));

  await within(card).findByRole('table', { name: 'Restore report' }, { timeout: 15_000 });
  expect(
    within(card).getByText('The state before this restore is saved on the server as before-restore-1-20261127T100000Z.json.'),
  ).toBeInTheDocument();
  expect(restoreServer.applies).toEqual([{ id: 1, mode: 'replace', confirmAdminChanges: false }]);
});

it('sign-in rights the restore would change need their own confirmation, naming who', async () => {
  restoreServer.world.existing.users = new Set(['boss']);
  restoreServer.world.admins.set('boss', 'boss@example.com');
  const u = userEvent.setup();
  const { card, choose } = renderCard();
  choose(writeBackup({ users: [user('boss'), user('new', { isAdmin: true, email: 'new@example.com' })] }));
  await within(card).findByRole('table', { name: 'Restore plan' });

  await u.click(within(card).getByRole('radio', { name: /^Replace/ }));
  await u.click(
    within(card).getByRole('checkbox', {
      name: '1 user would become an admin: new@example.com; 1 admin would no longer be an admin: boss@example.com. I confirm these changes to who may sign in to the console.',
    }),
  );
  expect(within(card).getByRole('button', { name: 'Replace with this file' })).toBeEnabled();

  await u.click(within(card).getByRole('radio', { name: /^Add what is missing/ }));
  const addConfirmation = within(card).getByRole('checkbox', {
    name: '1 user would become an admin: new@example.com. I confirm these changes to who may sign in to the console.',
  });
  // another mode, other changes: confirmed again
  expect(addConfirmation).not.toBeChecked();
  expect(within(card).queryByRole('checkbox', { name: /would no longer be an admin/ })).not.toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Add what is missing' })).toBeDisabled();
  await u.click(addConfirmation);
  await u.click(within(card).getByRole('button', { name: 'Add what is missing' }));
  await within(card).findByRole('table', { name: 'Restore report' }, { timeout: 15_000 });
  expect(restoreServer.applies).toEqual([{ id: 1, mode: 'add', confirmAdminChanges: true }]);
});

it('Cancel while checking stops and says nothing was written; a bad file is named', async () => {
  server.use(
    http.post('*/api/admin/restores/:id/rows', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  const u = userEvent.setup();
  const { card, choose } = renderCard();
  choose(writeBackup({ names: Array.from({ length: 3_000 }, (_, i) => name(i + 1)) }), 'big.json');
  expect(await within(card).findByText('Checking big.json…')).toBeInTheDocument();
  expect(within(card).getByRole('progressbar', { name: 'big.json check progress' })).toBeInTheDocument();
  await u.click(within(card).getByRole('button', { name: 'Cancel' }));
  expect(await within(card).findByText('Check cancelled: big.json was not read to its end. Nothing was written.')).toBeInTheDocument();
  await waitFor(() => expect(restoreServer.restores.get(1)!.session.state).toBe('cancelled'));

  server.resetHandlers();
  choose('{"version":"1.0","data":{"users":[}}', 'broken.json');
  expect(await within(card).findByRole('alert')).toHaveTextContent(
    'Failed to check broken.json: the file is not valid JSON: unexpected "}" at byte 35',
  );
  expect(within(card).getByRole('alert')).toHaveTextContent('Nothing was written.');
});

it('after a reload: follows a restore still applying and offers the ones left open', async () => {
  restoreServer.applyPolls = 2;
  restoreServer.seed({ state: 'ready', fileName: 'left.json', plan: null });
  const running = restoreServer.seed({ state: 'applying', fileName: 'running.json', mode: 'add' });
  const session = restoreServer.restores.get(running.id)!.session;
  session.plan = {
    collections: Object.fromEntries(
      BACKUP_COLLECTIONS.map((c) => [c, { read: 1, refused: 0, existing: 0, missing: 1, inTrash: 0, extra: 0 }]),
    ),
    replaceTakes: { swipes: 0, connectionRequests: 0, namesSwipes: 0 },
    adminChanges: { add: { granted: 0 }, replace: { granted: 0, revoked: 0 }, examples: [] },
    replaceRefusal: null,
  } as never;
  const { card } = renderCard();
  expect(await within(card).findByText(/^Restoring running\.json: /)).toBeInTheDocument();
  const open = within(card).getByRole('region', { name: 'Unfinished restores' });
  expect(open).toHaveTextContent('left.json (1,000 bytes), opened 27 Nov 2026, 10:00:00 UTC by admin@example.com: checked, not applied.');
  // one job at a time: nothing else starts while it is followed
  expect(within(open).getByRole('button', { name: 'Cancel left.json' })).toBeDisabled();
  expect(await within(card).findByRole('table', { name: 'Restore report' }, { timeout: 15_000 })).toBeInTheDocument();
  expect(within(card).getByText('Restored running.json (added what was missing): 4 added, 0 kept.')).toBeInTheDocument();

  await userEvent.click(within(open).getByRole('button', { name: 'Cancel left.json' }));
  await waitFor(() => expect(within(card).queryByRole('region', { name: 'Unfinished restores' })).not.toBeInTheDocument());
  expect(restoreServer.restores.get(1)!.session.state).toBe('cancelled');
});

it('a backend without a restore port: the card only checks the file, and says it cannot apply it', async () => {
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' } });
  backend.records.set('admin-1', { uid: 'admin-1', isAdmin: true } as never);
  delete (backend as Partial<FakeBackend>).restores;
  const { card, choose } = renderCard(backend);
  expect(await within(card).findByRole('note')).toHaveTextContent(
    'This backend cannot apply a restore (it has no restore routes): nothing is written.',
  );
  choose(writeBackup({ names: [name(1)] }), 'fb.json');
  expect(
    await within(card).findByText('fb.json is a backup of version 1.0, made 22 Nov 2026, 20:00:00 UTC. Nothing was changed.'),
  ).toBeInTheDocument();
  expect(within(card).queryByRole('table', { name: 'Restore plan' })).not.toBeInTheDocument();
  expect(restoreServer.calls).toEqual([]);
});
