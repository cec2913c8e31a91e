// Deleting moves names to the trash (contract/dataSafety.ts): the confirmations say what the names carry there,
// read from delete-preview when they open, and the success toasts offer Undo, which restores exactly what the
// delete moved.
import { RESTORE_PART } from '../../../contract/dataSafety';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { namesDb } from '../../../mocks/names.handlers';
import {
  countText,
  dataRows,
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

const posts = (path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path);
const bodyOf = async (request: RecordedRequest) => JSON.parse(await request.body) as unknown;

async function openLetterE() {
  renderNamesPage('/manage-names?letter=E');
  await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
  await waitFor(() => expect(dataRows()).toHaveLength(9));
}

const select = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(rowOf(name)).getByRole('checkbox', { name: 'Select row' }));

beforeEach(() => {
  namesDb.carried.set(namesDb.live('Emma').id, { swipes: 75, matches: 1 });
  namesDb.carried.set(namesDb.live('Elsa').id, { swipes: 139, matches: 1 });
  namesDb.carried.set(namesDb.live('Erik').id, { swipes: 0, matches: 0 });
});

describe('the delete confirmations say what goes to the trash', () => {
  it('one name: its swipes and matches, and for how long it can be restored', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this name?');
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-impact')).toHaveTextContent(
        '1 name with 75 swipes and 1 match will move to the trash. You can restore it from the Trash for 30 days.',
      ),
    );
    expect(await bodyOf(posts('/api/names/delete-preview')[0])).toEqual({ nameIds: [namesDb.live('Emma').id] });
  });

  it('the selected names: their sums, and no "cannot be undone" any more', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await select(user, 'Elsa');
    await select(user, 'Emma');
    await select(user, 'Erik');
    await user.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 3 selected names?');
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-impact')).toHaveTextContent(
        '3 names with 214 swipes and 2 matches will move to the trash. You can restore them from the Trash for 30 days.',
      ),
    );
    expect(dialog).not.toHaveTextContent(/cannot be undone/i);
  });

  it('says it is counting while the preview is on its way', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/names/delete-preview', async () => {
        await held;
        return undefined; // on to the names backend
      }),
    );
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    const impact = within(await screen.findByRole('dialog')).getByTestId('delete-impact');
    expect(impact).toHaveTextContent('Counting the swipes and matches…');
    answer();
    await waitFor(() => expect(impact).toHaveTextContent('1 name with 75 swipes and 1 match will move to the trash.'));
  });

  it('a preview that fails says the counts could not be read, and the delete still goes ahead', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/names/delete-preview', () => HttpResponse.json({ error: 'x', message: 'boom' }, { status: 500 })));
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-impact')).toHaveTextContent(
        'The swipes and matches could not be counted. The name will still move to the trash with all its swipes. You can restore it from the Trash for 30 days.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Name deleted successfully!')).toBeInTheDocument();
    expect(namesDb.trashed().map((t) => t.name)).toEqual(['Emma']);
  });
});

describe('Undo on the success toast restores what was deleted', () => {
  it('one name: restored by its id, back in the list', async () => {
    const user = userEvent.setup();
    await openLetterE();
    const emma = namesDb.live('Emma').id;
    await user.click(rowButton('Emma', 'Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Name deleted successfully!')).closest<HTMLElement>('.notistack-MuiContent')!;
    await waitFor(() => expect(nameCell('Emma')).not.toBeInTheDocument());

    await user.click(await within(toast).findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restored 1 name with 75 swipes and 1 match.')).toBeInTheDocument();
    expect(await bodyOf(posts('/api/names/restore')[0])).toEqual({ nameIds: [emma] });
    await waitFor(() => expect(nameCell('Emma')).toBeInTheDocument());
    expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/);
    expect(namesDb.trash).toHaveLength(0);
  });

  it('the selected names: restored by the deletion the answer named, all of them', async () => {
    const user = userEvent.setup();
    // another deletion in the trash, which the undo must leave there
    namesDb.trashNames([namesDb.live('Alice').id]);
    await openLetterE();
    await select(user, 'Elsa');
    await select(user, 'Erik');
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete 2' }));
    const toast = (await screen.findByText('Selected names deleted successfully!')).closest<HTMLElement>('.notistack-MuiContent')!;
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 7 of 7 names$/));
    const deletionId = namesDb.trashed().find((t) => t.name === 'Elsa')!.deletionId;

    await user.click(await within(toast).findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restored 2 names with 139 swipes and 1 match.')).toBeInTheDocument();
    expect(await bodyOf(posts('/api/names/restore')[0])).toEqual({ deletionId, limit: RESTORE_PART });
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
    expect(namesDb.trashed().map((t) => t.name)).toEqual(['Alice']);
  });

  it('an undo the server refuses says why and changes nothing', async () => {
    const user = userEvent.setup();
    await openLetterE();
    await user.click(rowButton('Emma', 'Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Name deleted successfully!')).closest<HTMLElement>('.notistack-MuiContent')!;
    // meanwhile someone added Emma again: the restore would make a twin
    namesDb.records.push({ ...namesDb.trash[0].record, id: 5000 });
    await user.click(await within(toast).findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(/^Failed to restore from the trash\. Nothing was restored: Emma \(id \d+\) is live again\./),
    ).toBeInTheDocument();
    expect(namesDb.trashed().map((t) => t.name)).toEqual(['Emma']);
  });
});
