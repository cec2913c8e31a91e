// The Trash tab of Manage Names (contract/dataSafety.ts): deleted names, paged by the server, to restore or to
// delete forever; its place (tab, page, one deletion) is in the address like the filters.
import { RESTORE_PART } from '../../../contract/dataSafety';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { namesDb } from '../../../mocks/names.handlers';
import {
  listRequests,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  scroller,
  type RecordedRequest,
} from './testing/namesTestKit';

jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

const ANA = { uid: 'u-ana', email: 'ana@example.com' };
const MARCH_4 = '2026-03-04T02:30:05.000Z';
const MARCH_5 = '2026-03-05T09:00:00.000Z';
const ids = (...names: string[]) => names.map((n) => namesDb.live(n).id);
const posts = (path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path);
const trashReads = () => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/names/trash');
const bodyOf = async (request: RecordedRequest) => JSON.parse(await request.body) as unknown;

/** The trash grid's data rows as the operator reads them, column by column. */
function trashRows(): string[][] {
  return Array.from(document.querySelectorAll<HTMLElement>('[role="row"][data-id]'), (row) =>
    Array.from(row.querySelectorAll<HTMLElement>('[role="gridcell"]'))
      .filter((cell) => !['__check__', 'actions'].includes(cell.dataset.field ?? ''))
      .map((cell) => cell.textContent ?? ''),
  );
}

function trashRow(name: string): HTMLElement {
  const cell = Array.from(document.querySelectorAll<HTMLElement>('[role="gridcell"][data-field="name"]')).find(
    (c) => c.textContent === name,
  );
  const row = cell?.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no trash row for ${name}`);
  return row;
}

const trashTab = () => screen.getByRole('tab', { name: /^Trash/ });

/** Emma deleted alone by Ana on 4 March; Elsa, Erik and Eyja deleted together by the operator on 5 March. */
const seeded = new Map<string, number>();
const idOf = (name: string) => seeded.get(name)!;

function seedTrash() {
  for (const name of ['Emma', 'Elsa', 'Erik', 'Eyja']) seeded.set(name, namesDb.live(name).id);
  namesDb.carried.set(namesDb.live('Emma').id, { swipes: 75, matches: 1 });
  for (const name of ['Elsa', 'Erik', 'Eyja']) namesDb.carried.set(namesDb.live(name).id, { swipes: 10, matches: 0 });
  namesDb.trashNames(ids('Emma'), 'delete', ANA, MARCH_4);
  return namesDb.trashNames(ids('Elsa', 'Erik', 'Eyja'), 'bulk_delete', undefined, MARCH_5).deletionId!;
}

async function openTrash() {
  const view = renderNamesPage('/manage-names?view=trash');
  await waitFor(() => expect(screen.getByTestId('trash-count')).not.toHaveTextContent('Loading'));
  return view;
}

describe('the Trash tab', () => {
  it('shows its count, and opens from the tab with ?view=trash in the address', async () => {
    const user = userEvent.setup();
    seedTrash();
    const { router } = renderNamesPage('/manage-names?letter=E');
    await waitFor(() => expect(trashTab()).toHaveTextContent('Trash (4)'));
    await user.click(trashTab());
    expect(router.state.location.search).toBe('?letter=E&view=trash');
    expect(await screen.findByTestId('trash-count')).toHaveTextContent('4 names in the trash. Each is kept 30 days, then deleted forever.');
    // the names' filters are not the trash's
    expect(screen.queryByRole('group', { name: 'Filter by first letter' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Names' }));
    expect(router.state.location.search).toBe('?letter=E');
    expect(await screen.findByRole('group', { name: 'Filter by first letter' })).toBeInTheDocument();
  });

  it('lists the trashed names newest deletion first: who deleted them, when, what they carry, until when they are kept', async () => {
    seedTrash();
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    expect(trashRows()).toEqual([
      ['Eyja', 'female', 'icelandic', 'admin@example.com', '5 Mar 2026, 09:00:00', '10', '0', '4 Apr 2026'],
      ['Erik', 'male', 'scandinavian', 'admin@example.com', '5 Mar 2026, 09:00:00', '10', '0', '4 Apr 2026'],
      ['Elsa', 'female', 'scandinavian', 'admin@example.com', '5 Mar 2026, 09:00:00', '10', '0', '4 Apr 2026'],
      ['Emma', 'female', 'german', 'ana@example.com', '4 Mar 2026, 02:30:05', '75', '1', '3 Apr 2026'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Deleted (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Kept until (UTC)' })).toBeInTheDocument();
    // opening the trash from a link reads no names list
    expect(listRequests(requests)).toHaveLength(0);
  });

  it('an empty trash says so', async () => {
    await openTrash();
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    expect(screen.getByText(/Deleted names wait here with their swipes for 30 days/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('pages through the server 50 at a time and never asks for more', async () => {
    const user = userEvent.setup();
    namesDb.trashNames(namesDb.records.slice(0, 120).map((r) => r.id));
    const { router } = await openTrash();
    // the grid holds the page's 50 rows (and puts those in view in the DOM)
    await waitFor(() => expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '51'));
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText('51–100 of 120')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?view=trash&trashPage=2');
    const pages = trashReads()
      .map((r) => r.url.searchParams)
      .filter((p) => p.get('limit') !== '1');
    expect(pages.map((p) => [p.get('offset'), p.get('limit')])).toEqual([
      ['0', '50'],
      ['50', '50'],
    ]);
    // the tab's count reads one row, for the total alone
    expect(trashReads().every((r) => Number(r.url.searchParams.get('limit')) <= 50)).toBe(true);
  });
});

describe('restoring', () => {
  it('one row: restored by id, gone from the trash, back among the names', async () => {
    const user = userEvent.setup();
    seedTrash();
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    await user.click(within(trashRow('Emma')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored 1 name with 75 swipes and 1 match.')).toBeInTheDocument();
    expect(await bodyOf(posts('/api/names/restore')[0])).toEqual({ nameIds: [idOf('Emma')] });
    await waitFor(() => expect(trashRows()).toHaveLength(3));
    await waitFor(() => expect(trashTab()).toHaveTextContent('Trash (3)'));
    expect(namesDb.live('Emma')).toBeDefined();
  });

  it('the selected rows', async () => {
    const user = userEvent.setup();
    seedTrash();
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    for (const name of ['Emma', 'Erik']) await user.click(within(trashRow(name)).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Restore selected (2)' }));
    expect(await screen.findByText('Restored 2 names with 85 swipes and 1 match.')).toBeInTheDocument();
    const { nameIds } = (await bodyOf(posts('/api/names/restore')[0])) as { nameIds: number[] };
    expect([...nameIds].sort((a, b) => a - b)).toEqual([idOf('Emma'), idOf('Erik')].sort((a, b) => a - b));
    await waitFor(() => expect(trashRows().map((r) => r[0])).toEqual(['Eyja', 'Elsa']));
    expect(screen.getByRole('button', { name: 'Restore selected (0)' })).toBeDisabled();
  });

  it('all names of one deletion, shown apart with what it was', async () => {
    const user = userEvent.setup();
    const deletionId = seedTrash();
    const { router } = await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    // a single delete has no group to show
    expect(within(trashRow('Emma')).queryByRole('button', { name: 'Show all names of this deletion' })).not.toBeInTheDocument();
    await user.click(within(trashRow('Erik')).getByRole('button', { name: 'Show all names of this deletion' }));
    expect(router.state.location.search).toBe(`?view=trash&deletion=${deletionId}`);
    expect(await screen.findByText('3 names of a delete of selected names by admin@example.com on 5 Mar 2026.')).toBeInTheDocument();
    await waitFor(() => expect(trashRows().map((r) => r[0])).toEqual(['Eyja', 'Erik', 'Elsa']));
    expect(trashReads().at(-1)!.url.searchParams.get('deletionId')).toBe(String(deletionId));

    await user.click(screen.getByRole('button', { name: 'Restore all 3 of this deletion' }));
    expect(await screen.findByText('Restored 3 names with 30 swipes.')).toBeInTheDocument();
    expect(await bodyOf(posts('/api/names/restore')[0])).toEqual({ deletionId, limit: RESTORE_PART });
    // back to the whole trash, where only Emma is left
    await waitFor(() => expect(router.state.location.search).toBe('?view=trash'));
    await waitFor(() => expect(trashRows().map((r) => r[0])).toEqual(['Emma']));
  });

  it('a restore the server refuses shows its reason and changes nothing', async () => {
    const user = userEvent.setup();
    seedTrash();
    // Emma was added again meanwhile: restoring the trashed one would make a twin (409)
    namesDb.records.push({
      id: 5000,
      name_id: 5000,
      name: 'Emma',
      gender: 'female',
      nationality: 'german',
      created_at: MARCH_5,
      version: 1,
    });
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    await user.click(within(trashRow('Emma')).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText(
        /^Failed to restore from the trash\. Nothing was restored: Emma \(id \d+\) is live again\. Delete or rename the live name first/,
      ),
    ).toBeInTheDocument();
    expect(trashRows()).toHaveLength(4);
    expect(namesDb.trash).toHaveLength(4);
  });
});

describe('deleting forever', () => {
  it('asks first, saying exactly what goes, then deletes the row for good', async () => {
    const user = userEvent.setup();
    seedTrash();
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    await user.click(within(trashRow('Emma')).getByRole('button', { name: 'Delete forever' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('Delete 1 name forever with 75 swipes and 1 match? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts('/api/names/trash/purge')).toHaveLength(0);

    await user.click(within(trashRow('Emma')).getByRole('button', { name: 'Delete forever' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Deleted 1 name with 75 swipes and 1 match forever.')).toBeInTheDocument();
    expect(await bodyOf(posts('/api/names/trash/purge')[0])).toEqual({ nameIds: [idOf('Emma')] });
    await waitFor(() => expect(trashRows().map((r) => r[0])).toEqual(['Eyja', 'Erik', 'Elsa']));
    expect(namesDb.trashed().map((t) => t.name)).toEqual(['Eyja', 'Erik', 'Elsa']);
  });

  it('the selected rows: the counts are the selection’s', async () => {
    const user = userEvent.setup();
    seedTrash();
    await openTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(4));
    for (const name of ['Emma', 'Elsa']) await user.click(within(trashRow(name)).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Delete forever (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('Delete 2 names forever with 85 swipes and 1 match? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Deleted 2 names with 85 swipes and 1 match forever.')).toBeInTheDocument();
    await waitFor(() => expect(trashRows().map((r) => r[0])).toEqual(['Eyja', 'Erik']));
    await waitFor(() => expect(trashTab()).toHaveTextContent('Trash (2)'));
  });
});
