// Version-checked writes (contract/dataSafety.ts): an edit or a delete based on a version of a name that someone
// has changed since is refused (409 version_conflict). The operator sees both sides and decides; nothing is
// overwritten silently and nothing typed is lost.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { namesDb } from '../../../mocks/names.handlers';
import {
  countText,
  dataRows,
  editingRow,
  nameCell,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  rowButton,
  rowOf,
  scroller,
  type RecordedRequest,
} from './testing/namesTestKit';

jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

const ANA = { uid: 'u-ana', email: 'ana@example.com' };
const SAVED_BY_ANA = 'Saved by ana@example.com at 4 Mar 2026, 02:30:05 UTC';
const writes = (method: string) => requests.filter((r) => r.method === method);
const bodyOf = async (request: RecordedRequest) => JSON.parse(await request.body) as unknown;
const nameInput = () => within(editingRow()).getAllByRole('textbox')[0];

async function openLetterE() {
  renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
  await waitFor(() => expect(dataRows()).toHaveLength(9));
}

/** The conflict table's rows as [field, one side, other side]. */
function tableRows(dialog: HTMLElement): string[][] {
  return within(dialog)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

/** Emma renamed to Emmi by the operator, while Ana moved Emma to austrian: the save meets the conflict. */
async function saveStaleEdit(user: ReturnType<typeof userEvent.setup>, by: typeof ANA | null = ANA) {
  await openLetterE();
  await user.click(rowButton('Emma', 'Edit'));
  await user.clear(nameInput());
  await user.type(nameInput(), 'Emmi');
  namesDb.editElsewhere(namesDb.live('Emma').id, { nationality: 'austrian' }, by);
  await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: '“Emma” was changed while you edited it' });
}

describe('an edit of a name changed meanwhile', () => {
  it('shows both sides field by field, and who saved theirs when', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user);
    expect(tableRows(dialog)).toEqual([
      ['Field', 'Your edit', SAVED_BY_ANA],
      ['Name', 'Emmi', 'Emma'],
      ['Gender', 'female', 'female'],
      ['Nationality', 'german', 'austrian'],
    ]);
    expect(writes('PUT')).toHaveLength(1);
    expect(writes('PUT')[0].ifMatch).toBe('"1"');
    // nothing was saved
    expect(namesDb.live('Emma')).toMatchObject({ nationality: 'austrian', version: 2 });
  });

  it('says "changed outside the console" when nobody the console knows changed it', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user, null);
    expect(dialog).toHaveTextContent('Changed outside the console at 4 Mar 2026, 02:30:05 UTC');
  });

  it('Keep theirs: the row shows their values, out of edit mode, and nothing more is sent', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(document.querySelector('.MuiDataGrid-row--editing')).toBeNull());
    expect(rowOf('Emma')).toHaveTextContent('austrian');
    expect(nameCell('Emmi')).not.toBeInTheDocument();
    expect(writes('PUT')).toHaveLength(1);
    expect(namesDb.live('Emma')).toMatchObject({ nationality: 'austrian', version: 2 });
  });

  it('Save mine: sends my values again with If-Match of their version', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save mine' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const [, again] = writes('PUT');
    expect(again.ifMatch).toBe('"2"');
    expect(await bodyOf(again)).toEqual({ name: 'Emmi', gender: 'female', nationality: 'german' });
    await waitFor(() => expect(nameCell('Emmi')).toBeInTheDocument());
    expect(rowOf('Emmi')).toHaveTextContent('german');
    expect(namesDb.live('Emmi')).toMatchObject({ nationality: 'german', version: 3 });
  });

  it('Edit again: the row is back in edit mode with what I typed, and the next save is based on their version', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nameInput()).toHaveValue('Emmi');
    expect(writes('PUT')).toHaveLength(1);

    await user.click(within(editingRow()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(writes('PUT')[1].ifMatch).toBe('"2"');
    expect(namesDb.live('Emmi').version).toBe(3);
  });

  it('Edit again, then Cancel: the row shows the name as it is now, not as it was', async () => {
    const user = userEvent.setup();
    const dialog = await saveStaleEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(editingRow()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.MuiDataGrid-row--editing')).toBeNull());
    expect(rowOf('Emma')).toHaveTextContent('austrian');
    expect(writes('PUT')).toHaveLength(1);
  });
});

describe('a delete of a name changed meanwhile', () => {
  it('one name: shows what changed and deletes nothing; Delete anyway deletes it as it is now', async () => {
    const user = userEvent.setup();
    await openLetterE();
    const emma = namesDb.live('Emma').id;
    await user.click(rowButton('Emma', 'Delete'));
    namesDb.editElsewhere(emma, { name: 'Emmy' }, ANA);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: '“Emma” was changed since you loaded it' });
    expect(dialog).toHaveTextContent('Nothing was deleted.');
    expect(tableRows(dialog)).toEqual([
      ['Name', 'What changed', 'By'],
      ['Emma', 'Name: Emma → Emmy', SAVED_BY_ANA],
    ]);
    expect(namesDb.trash).toHaveLength(0);
    // the list shows the name as it is now
    await waitFor(() => expect(nameCell('Emmy')).toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    expect(await screen.findByText('Name deleted successfully!')).toBeInTheDocument();
    expect(writes('DELETE').map((r) => r.ifMatch)).toEqual(['"1"', '"2"']);
    expect(namesDb.trashed().map((t) => t.name)).toEqual(['Emmy']);
  });

  it('one name: Cancel keeps it', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    namesDb.editElsewhere(namesDb.live('Emma').id, { name: 'Emmy' }, ANA);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: '“Emma” was changed since you loaded it' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes('DELETE')).toHaveLength(1);
    expect(namesDb.trash).toHaveLength(0);
    expect(nameCell('Emmy')).toBeInTheDocument();
  });

  it('the selected names: lists the changed ones; Delete anyway sends the current versions', async () => {
    const user = userEvent.setup();
    await openLetterE();
    for (const name of ['Elsa', 'Erik']) await user.click(within(rowOf(name)).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const [elsa, erik] = [namesDb.live('Elsa').id, namesDb.live('Erik').id];
    namesDb.editElsewhere(erik, { nationality: 'norwegian' }, null);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete 2' }));

    const dialog = await screen.findByRole('dialog', { name: '1 of the 2 selected names was changed since you loaded them' });
    expect(tableRows(dialog)).toEqual([
      ['Name', 'What changed', 'By'],
      ['Erik', 'Nationality: scandinavian → norwegian', 'Changed outside the console at 4 Mar 2026, 02:30:05 UTC'],
    ]);
    expect(namesDb.trash).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    expect(await screen.findByText('Selected names deleted successfully!')).toBeInTheDocument();
    const bulk = writes('POST').filter((r) => r.url.pathname === '/api/names/bulk-delete');
    const ids = [elsa, erik];
    expect(await Promise.all(bulk.map(bodyOf))).toEqual([
      { nameIds: ids, versions: [1, 1] },
      { nameIds: ids, versions: [1, 2] },
    ]);
    expect(new Set(namesDb.trashed().map((t) => t.name))).toEqual(new Set(['Elsa', 'Erik']));
  });
});
