// Two operators (or an operator and the app) on one users record, through the page and the local adapter over msw
// (mocks/users.handlers.ts answers If-Match as the reference backend does): a toggle retries once when another
// field changed, shows both sides when its own field did, and a delete of a changed record asks again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeElsewhere } from '../../../mocks/users.handlers';
import { renderUserManagement, usersDb, installUsersHandlers } from './testing/usersTestKit';

const UIDS: Record<string, string> = { 'Anna A.': 'u0001', 'Bjorn B.': 'u0002', 'Ciara C.': 'u0003' };
const row = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[role="row"][data-id="${UIDS[name]}"]`);
  if (!element) throw new Error(`No row for ${name}`);
  return element;
};
const writesTo = (uid: string) => usersDb.ifMatches.filter((w) => w.uid === uid).map((w) => `${w.method} ${w.ifMatch ?? '-'}`);
const OTHER = { uid: 'admin-2', email: 'ana@example.com' };

jest.setTimeout(120_000);
installUsersHandlers();

async function openPage() {
  renderUserManagement();
  await screen.findByText('Anna A.');
}

it('a toggle whose field did not change since goes through: one automatic retry on the record now', async () => {
  await openPage();
  // Another operator deactivated Bjorn (free, active as shown) after the page loaded.
  changeElsewhere('u0002', { accountActive: false }, OTHER);
  fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
  expect(await screen.findByText('Premium granted to Bjorn B..')).toBeInTheDocument();
  expect(writesTo('u0002')).toEqual(['PATCH "1"', 'PATCH "2"']);
  expect(usersDb.records.get('u0002')).toMatchObject({ isPremium: true, accountActive: false, version: 3 });
  // The row shows the record as it is now: both changes.
  await waitFor(() => expect(within(row('Bjorn B.')).getByRole('button', { name: 'Remove Premium' })).toBeInTheDocument());
  expect(within(row('Bjorn B.')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('a toggle whose field changed since shows both sides, who and when; Keep theirs shows the record now', async () => {
  await openPage();
  changeElsewhere('u0002', { isPremium: true }, OTHER);
  fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bjorn B. changed since you loaded it' });
  expect(dialog).toHaveTextContent(/Changed by ana@example\.com at \d+ \w+ 2\d{3}, \d\d:\d\d:\d\d UTC\./);
  const table = within(dialog).getByRole('table', { name: 'Your change and the record now' });
  expect(within(table).getByRole('row', { name: /Plan/ })).toHaveTextContent('PlanFreePremiumPremium');
  // Nothing was saved, and it is not reported as a failure.
  expect(writesTo('u0002')).toEqual(['PATCH "1"']);
  expect(screen.queryByText(/Failed to update/)).not.toBeInTheDocument();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(row('Bjorn B.')).getByRole('button', { name: 'Remove Premium' })).toBeInTheDocument();
  expect(writesTo('u0002')).toEqual(['PATCH "1"']);
});

it('Apply mine anyway sends the change again, based on the record now; a change by the app says so', async () => {
  await openPage();
  // The app (not the console) changed the flag: the trail does not know who.
  changeElsewhere('u0002', { isPremium: true, lastActiveDate: '2026-03-05T08:00:00.000Z' });
  fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Changed outside the console (e.g. by the app) at');
  expect(dialog).toHaveTextContent('Also changed since you loaded it');
  expect(dialog).toHaveTextContent('lastActiveDate: 28 Feb 2026, 13:00:00 UTC → 5 Mar 2026, 08:00:00 UTC');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply mine anyway' }));
  expect(await screen.findByText('Premium granted to Bjorn B..')).toBeInTheDocument();
  expect(writesTo('u0002')).toEqual(['PATCH "1"', 'PATCH "2"']);
  expect(usersDb.records.get('u0002')).toMatchObject({ isPremium: true, version: 3 });
});

it('a delete of a record changed since asks again with what changed: Cancel keeps it, Delete anyway deletes it', async () => {
  await openPage();
  changeElsewhere('u0003', { lastActiveDate: '2026-03-06T09:30:00.000Z' });
  const confirm = async () => {
    fireEvent.click(within(row('Ciara C.')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    return screen.findByRole('dialog', { name: 'Ciara C. changed since you loaded it' });
  };

  let conflict = await confirm();
  expect(conflict).toHaveTextContent('What changed');
  expect(conflict).toHaveTextContent('lastActiveDate: 27 Feb 2026, 13:00:00 UTC → 6 Mar 2026, 09:30:00 UTC');
  expect(screen.queryByText(/Failed to delete/)).not.toBeInTheDocument();
  fireEvent.click(within(conflict).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(usersDb.records.has('u0003')).toBe(true);

  // The row now shows the record as it is: a second delete is based on it and goes through.
  changeElsewhere('u0003', { lastActiveDate: '2026-03-07T09:30:00.000Z' });
  conflict = await confirm();
  fireEvent.click(within(conflict).getByRole('button', { name: 'Delete anyway' }));
  expect(await screen.findByText('Ciara C. was deleted.')).toBeInTheDocument();
  expect(usersDb.records.has('u0003')).toBe(false);
  expect(writesTo('u0003')).toEqual(['DELETE "1"', 'DELETE "2"', 'DELETE "3"']);
});

it('opens the user’s history from the detail drawer; a revert there shows in the row', async () => {
  await openPage();
  fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
  await waitFor(() => expect(within(row('Bjorn B.')).getByRole('button', { name: 'Remove Premium' })).toBeInTheDocument());

  fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Details' }));
  fireEvent.click(within(await screen.findByRole('region', { name: 'User details' })).getByRole('button', { name: 'History' }));
  const drawer = await screen.findByRole('region', { name: 'Record history' });
  expect(drawer).toHaveTextContent('User: Bjorn B.');
  const edited = await within(drawer).findByRole('listitem', { name: 'Edited' });
  expect(edited).toHaveTextContent('admin@example.com');
  expect(edited).toHaveTextContent('isPremium: false → true');

  fireEvent.click(within(edited).getByRole('button', { name: 'Revert' }));
  const question = await screen.findByRole('dialog', { name: 'Revert this change?' });
  expect(question).toHaveTextContent('Revert: set isPremium back to false?');
  fireEvent.click(within(question).getByRole('button', { name: 'Revert' }));
  expect(await screen.findByText('Reverted: set isPremium back to false.')).toBeInTheDocument();
  expect(await within(drawer).findByRole('listitem', { name: 'Reverted an earlier change' })).toBeInTheDocument();
  expect(usersDb.records.get('u0002')).toMatchObject({ isPremium: false, version: 3 });
  // The page behind the drawer is hidden from assistive technology while it is open: close it to read the row.
  fireEvent.click(within(drawer).getByRole('button', { name: 'Close history' }));
  await waitFor(() => expect(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' })).toBeInTheDocument());
});
