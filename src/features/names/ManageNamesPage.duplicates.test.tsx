// The reference backend refuses a second copy of a name, gender and nationality with
// 409 { error: 'conflict', message: 'already exists', field: 'name' }: the forms show the spec's
// texts with that reason, and keep what was typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NAME_EXISTS_REASON } from '../../../contract/importRuns';
import { server } from '../../../mocks/server';
import {
  countText,
  editingRow,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  rowButton,
  scroller,
} from './testing/namesTestKit';

jest.setTimeout(90_000);
recordNamesRequests();
scroller.install();
resetNamesBackend();

const alreadyExists = () => HttpResponse.json({ error: 'conflict', message: NAME_EXISTS_REASON, field: 'name' }, { status: 409 });

async function openLetterE() {
  const view = renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
  return view;
}

it("adding a name that exists says 'Failed to add name. already exists'", async () => {
  const user = userEvent.setup();
  server.use(http.post('*/api/names', alreadyExists));
  await openLetterE();
  const form = screen.getByRole('form', { name: 'Add a name' });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'emma');
  await user.type(within(form).getByRole('combobox', { name: 'Nationality' }), 'german');
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Failed to add name. already exists')).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('emma');
});

it("saving an edit into an existing name says 'Failed to save changes: already exists' and stays in edit mode", async () => {
  const user = userEvent.setup();
  server.use(http.put('*/api/names/:id', alreadyExists));
  await openLetterE();
  await user.click(rowButton('Emma', 'Edit'));
  const nameInput = within(editingRow()).getAllByRole('textbox')[0];
  await user.clear(nameInput);
  await user.type(nameInput, 'Emily');
  await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Failed to save changes: already exists')).toBeInTheDocument();
  expect(nameInput).toHaveValue('Emily');
});
