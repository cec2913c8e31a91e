// Adding a name that is in the trash (409 in_trash, contract/dataSafety.ts): the form says whose delete holds it
// and offers to restore it (with its swipes) instead of a bare error.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { namesDb } from '../../../mocks/names.handlers';
import { server } from '../../../mocks/server';
import { countText, nameCell, recordNamesRequests, renderNamesPage, resetNamesBackend, scroller } from './testing/namesTestKit';

jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

const form = () => screen.getByRole('form', { name: 'Add a name' });
const notice = () => screen.queryByText(/is in the trash, deleted by/);

async function addEmma(user: ReturnType<typeof userEvent.setup>) {
  renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 8 of 8 names$/));
  await user.type(within(form()).getByRole('textbox', { name: 'Name' }), 'Emma');
  await user.click(within(form()).getByRole('combobox', { name: 'Gender' }));
  await user.click(await screen.findByRole('option', { name: 'female' }));
  await user.type(within(form()).getByRole('combobox', { name: 'Nationality' }), 'german');
  await user.click(within(form()).getByRole('button', { name: 'Add' }));
}

let emma: number;
beforeEach(() => {
  emma = namesDb.live('Emma').id;
  namesDb.trashNames([emma], 'delete', { uid: 'u-ana', email: 'ana@example.com' }, '2026-03-04T02:30:05.000Z');
});

it('says who deleted it and when, with no failure toast, and "Restore it" brings it back', async () => {
  const user = userEvent.setup();
  await addEmma(user);
  expect(await screen.findByText('Emma (female, german) is in the trash, deleted by ana@example.com on 4 Mar 2026.')).toBeInTheDocument();
  expect(screen.queryByText(/^Failed to add name/)).not.toBeInTheDocument();
  expect(namesDb.records.filter((r) => r.name === 'Emma')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Restore it' }));
  expect(await screen.findByText('Emma restored from the trash')).toBeInTheDocument();
  const restore = requests.find((r) => r.url.pathname === '/api/names/restore')!;
  expect(JSON.parse(await restore.body)).toEqual({ nameIds: [emma] });
  await waitFor(() => expect(nameCell('Emma')).toBeInTheDocument());
  expect(notice()).not.toBeInTheDocument();
  expect(within(form()).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  // the same record, not a new one
  expect(namesDb.live('Emma').id).toBe(emma);
  expect(screen.queryByText('Name added successfully!')).not.toBeInTheDocument();
});

it('goes away when the operator changes what they add', async () => {
  const user = userEvent.setup();
  await addEmma(user);
  await screen.findByText(/^Emma \(female, german\) is in the trash/);
  await user.type(within(form()).getByRole('textbox', { name: 'Name' }), 'l');
  expect(notice()).not.toBeInTheDocument();
});

it('a restore that is refused says why and keeps the notice', async () => {
  const user = userEvent.setup();
  await addEmma(user);
  await screen.findByText(/^Emma \(female, german\) is in the trash/);
  namesDb.trash = []; // deleted forever meanwhile
  await user.click(screen.getByRole('button', { name: 'Restore it' }));
  expect(
    await screen.findByText(`Failed to restore from the trash. Nothing was changed: no name in the trash with id ${emma}`),
  ).toBeInTheDocument();
  expect(notice()).toBeInTheDocument();
});

it('another 409 keeps the spec’s wording', async () => {
  const user = userEvent.setup();
  server.use(
    http.post('*/api/names', () => HttpResponse.json({ error: 'conflict', message: 'already exists', field: 'name' }, { status: 409 })),
  );
  await addEmma(user);
  expect(await screen.findByText('Failed to add name. already exists')).toBeInTheDocument();
  expect(notice()).not.toBeInTheDocument();
});
