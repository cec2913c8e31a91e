import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { namesDb } from '../../../mocks/names.handlers';
import {
  countText,
  dataRows,
  editingRow,
  listRequests,
  nameCell,
  scroller,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  rowButton,
  rowOf,
  type RecordedRequest,
} from './testing/namesTestKit';

// Add, edit, delete and delete selected. Most tests open the page filtered to the letter E (9 names) to keep
// the grid small; the filtered list also shows that mutations keep the list in step with the server.
jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

const E_NAMES = ['Edward', 'Einar', 'Eleanor', 'Elsa', 'Emily', 'Emma', 'Eoin', 'Erik', 'Eyja'];
const idOf = (name: string) => namesDb.records.find((r) => r.name === name)!.id;
const mutations = (method: string) => requests.filter((r) => r.method === method);
const bodyOf = async (request: RecordedRequest) => JSON.parse(await request.body) as unknown;
const failWith = (status: number, message: string) => () => HttpResponse.json({ error: 'Error', message }, { status });

async function openLetterE() {
  const view = renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(countText()).toHaveTextContent(new RegExp(`^Showing ${E_NAMES.length} of ${E_NAMES.length} names$`)));
  // The grid lays its rows out a frame after it has them.
  await waitFor(() => expect(dataRows()).toHaveLength(E_NAMES.length));
  return view;
}

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => alertSpy.mockRestore());

describe('adding a name', () => {
  const form = () => screen.getByRole('form', { name: 'Add a name' });

  it('alerts when the name or the nationality is missing, and sends nothing', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(alertSpy).toHaveBeenCalledWith('All fields are required!');

    await user.type(within(form()).getByRole('textbox', { name: 'Name' }), 'Elin');
    await user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(alertSpy).toHaveBeenCalledTimes(2);

    await user.clear(within(form()).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form()).getByRole('combobox', { name: 'Nationality' }), 'swedish');
    await user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(alertSpy).toHaveBeenCalledTimes(3);
    expect(mutations('POST')).toHaveLength(0);
  });

  it('posts name, gender (male by default) and the lower-cased nationality, then clears the name and shows the new name', async () => {
    const user = userEvent.setup();
    await openLetterE();
    expect(within(form()).getByRole('combobox', { name: 'Gender' })).toHaveTextContent('male');
    await user.type(within(form()).getByRole('textbox', { name: 'Name' }), '  Elin ');
    await user.type(within(form()).getByRole('combobox', { name: 'Nationality' }), 'Swedish');
    requests.length = 0;
    await user.click(within(form()).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Name added successfully!')).toBeInTheDocument();
    const [post] = mutations('POST');
    expect(post.url.pathname).toBe('/api/names');
    expect(await bodyOf(post)).toEqual({ name: 'Elin', gender: 'male', nationality: 'swedish' });
    expect(within(form()).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    // the list is fetched again and the new name appears in its place
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 10 of 10 names$/));
    expect(listRequests(requests).at(-1)!.url.searchParams.get('alphabetFilter')).toBe('E');
    expect(dataRows().map((r) => r.querySelector('[data-field="name"]')!.textContent)).toEqual([
      'Edward',
      'Einar',
      'Eleanor',
      'Elin',
      'Elsa',
      'Emily',
      'Emma',
      'Eoin',
      'Erik',
      'Eyja',
    ]);
  });

  it('sends the chosen gender', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.type(within(form()).getByRole('textbox', { name: 'Name' }), 'Elin');
    await user.click(within(form()).getByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByRole('option', { name: 'female' }));
    await user.type(within(form()).getByRole('combobox', { name: 'Nationality' }), 'swedish');
    await user.click(within(form()).getByRole('button', { name: 'Add' }));
    await screen.findByText('Name added successfully!');
    expect(await bodyOf(mutations('POST')[0])).toEqual({ name: 'Elin', gender: 'female', nationality: 'swedish' });
  });

  it('shows the reason when adding fails, and keeps what was typed', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/names', failWith(409, 'Elin already exists')));
    await openLetterE();
    await user.type(within(form()).getByRole('textbox', { name: 'Name' }), 'Elin');
    await user.type(within(form()).getByRole('combobox', { name: 'Nationality' }), 'swedish');
    await user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add name. Elin already exists')).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'Name' })).toHaveValue('Elin');
  });
});

describe('editing a row', () => {
  const nameInput = () => within(editingRow()).getAllByRole('textbox')[0];

  it('saves the edited values with PUT and says so', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Edit'));
    await user.clear(nameInput());
    await user.type(nameInput(), 'Emmi');
    await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const [put] = mutations('PUT');
    expect(put.url.pathname).toBe(`/api/names/${idOf('Emmi')}`);
    expect(put.ifMatch).toBe('"1"');
    expect(await bodyOf(put)).toEqual({ name: 'Emmi', gender: 'female', nationality: 'german' });
    await waitFor(() => expect(nameCell('Emmi')).toBeInTheDocument());
    expect(nameCell('Emma')).not.toBeInTheDocument();
    expect(document.querySelector('.MuiDataGrid-row--editing')).toBeNull();
  });

  it('Cancel restores the values and sends nothing', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Edit'));
    await user.clear(nameInput());
    await user.type(nameInput(), 'Something else');
    await user.click(within(editingRow()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(document.querySelector('.MuiDataGrid-row--editing')).toBeNull());
    expect(rowOf('Emma')).toHaveTextContent('german');
    expect(mutations('PUT')).toHaveLength(0);
  });

  it('refuses to save an empty field, says so, and stays in edit mode', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Edit'));
    await user.clear(nameInput());
    await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('All fields must be filled out')).toBeVisible();
    expect(editingRow()).toBeInTheDocument();
    expect(mutations('PUT')).toHaveLength(0);

    // fixing it saves
    await user.type(nameInput(), 'Emmi');
    await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(mutations('PUT')).toHaveLength(1);
  });

  it('shows the reason when saving fails and keeps the row in edit mode', async () => {
    const user = userEvent.setup();
    server.use(http.put('*/api/names/:id', failWith(500, 'database unavailable')));
    await openLetterE();
    await user.click(rowButton('Emma', 'Edit'));
    await user.type(nameInput(), 'x');
    await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save changes: database unavailable')).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Emmax');
  });
});

describe('deleting a row', () => {
  it('asks first; Cancel keeps the name, Delete removes it', async () => {
    const user = userEvent.setup();
    await openLetterE();
    const emma = idOf('Emma');

    await user.click(rowButton('Emma', 'Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this name?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations('DELETE')).toHaveLength(0);

    await user.click(rowButton('Emma', 'Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Name deleted successfully!')).toBeInTheDocument();
    expect(mutations('DELETE').map((r) => [r.url.pathname, r.ifMatch])).toEqual([[`/api/names/${emma}`, '"1"']]);
    await waitFor(() => expect(nameCell('Emma')).not.toBeInTheDocument());
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 8 of 8 names$/));
  });

  it('keeps a deeply scrolled list consistent: the loaded pages are fetched again, no name is skipped', async () => {
    const user = userEvent.setup();
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    scroller.scrollTo(0);
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    const hundredAndFirst = [...namesDb.records].sort((a, b) => a.name.localeCompare(b.name, 'is'))[100].name;
    expect(nameCell(hundredAndFirst)).not.toBeInTheDocument();
    scroller.scrollToTop();
    await waitFor(() => expect(nameCell('Aisling')).toBeInTheDocument());
    requests.length = 0;

    await user.click(rowButton('Aisling', 'Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Name deleted successfully!');
    // both loaded pages again, each offset derived from fresh data; the name that moved up from the
    // third page into the second is shown, and the third page will start where the second now ends
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 136 names$/));
    expect(nameCell('Aisling')).not.toBeInTheDocument();
    expect(
      mutations('GET')
        .filter((r) => r.url.pathname === '/api/names')
        .map((r) => r.url.searchParams.get('offset')),
    ).toEqual(['0', '50']);
    // The grid puts only the rows in view into the DOM: the 100th row is there once scrolled to.
    scroller.scrollTo(0);
    await waitFor(() => expect(nameCell(hundredAndFirst)).toBeInTheDocument());
  });

  it('shows the reason when deleting fails, and keeps the row', async () => {
    const user = userEvent.setup();
    server.use(http.delete('*/api/names/:id', failWith(500, 'database unavailable')));
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete name. database unavailable')).toBeInTheDocument();
    expect(nameCell('Emma')).toBeInTheDocument();
  });
});

describe('deleting the selected rows', () => {
  const deleteSelected = () => screen.getByText(/^Delete selected \(\d+\)$/, { selector: 'button' });
  const select = (user: ReturnType<typeof userEvent.setup>, name: string) =>
    user.click(within(rowOf(name)).getByRole('checkbox', { name: 'Select row' }));

  it('with nothing selected, asks for a selection and opens no dialog', async () => {
    const user = userEvent.setup();
    await openLetterE();
    expect(deleteSelected()).toHaveTextContent('Delete selected (0)');
    await user.click(deleteSelected());
    expect(await screen.findByText('Please select at least one name to delete.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mutations('POST')).toHaveLength(0);
  });

  it('confirms, posts the selected ids with the versions they were shown with to bulk-delete, and removes the rows', async () => {
    const user = userEvent.setup();
    await openLetterE();
    const ids = [idOf('Elsa'), idOf('Erik')];
    await select(user, 'Elsa');
    await select(user, 'Erik');
    expect(deleteSelected()).toHaveTextContent('Delete selected (2)');

    await user.click(deleteSelected());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 2 selected names?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2' }));

    expect(await screen.findByText('Selected names deleted successfully!')).toBeInTheDocument();
    const [post] = mutations('POST').filter((r) => r.url.pathname !== '/api/names/delete-preview');
    expect(post.url.pathname).toBe('/api/names/bulk-delete');
    expect(await bodyOf(post)).toEqual({ nameIds: ids, versions: [1, 1] });
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 7 of 7 names$/));
    expect(nameCell('Elsa')).not.toBeInTheDocument();
    expect(nameCell('Erik')).not.toBeInTheDocument();
    expect(deleteSelected()).toHaveTextContent('Delete selected (0)');
  });

  it('shows the reason when the bulk delete fails, and keeps rows and selection', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/names/bulk-delete', failWith(500, 'database unavailable')));
    await openLetterE();
    await select(user, 'Elsa');
    await user.click(deleteSelected());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete 1' }));
    expect(await screen.findByText('Failed to delete selected names. database unavailable')).toBeInTheDocument();
    expect(nameCell('Elsa')).toBeInTheDocument();
    expect(deleteSelected()).toHaveTextContent('Delete selected (1)');
  });
});
