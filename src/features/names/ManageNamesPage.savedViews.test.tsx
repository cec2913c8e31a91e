import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NamesViewState } from '../../../contract/schemas/savedViews';
import { savedViewsDb } from '../../../mocks/savedViews.handlers';
import { countText, renderNamesPage, resetNamesBackend, scroller } from './testing/namesTestKit';
import { viewText } from '../savedViews';

// The Views control on the list pages against the saved-view routes (mocks/savedViews.handlers.ts, which checks each
// request by the contract's schema): saving the view on screen, applying one's own and another admin's shared view
// (the address and the grid follow, Back returns), renaming and deleting with If-Match, a taken name refused in the
// dialog, and the grid's column choice and density read from the server and saved after a pause.
jest.setTimeout(90_000);
scroller.install();
resetNamesBackend();
beforeEach(() => savedViewsDb.reset());

const namesState = (overrides: Partial<NamesViewState['filters']> = {}, grid: Partial<NamesViewState> = {}): NamesViewState => ({
  filters: { letter: 'All', gender: 'all', nationality: 'all', search: '', ...overrides },
  columns: {},
  density: 'standard',
  ...grid,
});

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: viewText.button }));
  return screen.findByRole('menu');
}
const columnHeaders = () => Array.from(document.querySelectorAll('[role="columnheader"]')).map((h) => h.getAttribute('data-field'));

describe('the Views control on Manage Names', () => {
  it('saves the filters and search on screen with the grid’s columns and density, shared with every admin', async () => {
    const user = userEvent.setup();
    savedViewsDb.preferences.set('names', {
      page: 'names',
      columns: { created_at: false },
      density: 'compact',
      updatedAt: '2026-11-27T10:00:00.000Z',
    });
    renderNamesPage('/manage-names?letter=E&gender=female&q=em');
    await waitFor(() => expect(countText()).toHaveTextContent(/Showing/));

    const menu = await openViews(user);
    expect(within(menu).getByText(viewText.none)).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: viewText.save }));
    const dialog = await screen.findByRole('dialog', { name: viewText.saveTitle });
    expect(dialog).toHaveTextContent('Saves the letter, gender and nationality filters, the search, the visible columns and the density.');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'E girls');
    await user.click(within(dialog).getByRole('switch', { name: viewText.shareLabel }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(viewText.saved('E girls'))).toBeInTheDocument();
    expect(savedViewsDb.calls).toEqual([
      {
        method: 'POST',
        path: '/api/views',
        ifMatch: null,
        body: {
          page: 'names',
          name: 'E girls',
          shared: true,
          state: namesState({ letter: 'E', gender: 'female', search: 'em' }, { columns: { created_at: false }, density: 'compact' }),
        },
      },
    ]);
    const again = await openViews(user);
    expect(within(again).getByText(viewText.mine)).toBeInTheDocument();
    expect(within(again).getByRole('menuitem', { name: /E girls/ })).toHaveTextContent(viewText.sharedByMe);
  });

  it('refuses a name already taken with the server’s reason, in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    savedViewsDb.add({ page: 'names', name: 'Mine', state: namesState() });
    renderNamesPage();
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: viewText.save }));
    const dialog = await screen.findByRole('dialog', { name: viewText.saveTitle });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'MINE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/You already have a view called “MINE” on this page/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: viewText.saveTitle })).toBeInTheDocument();
  });

  it('applies another admin’s shared view: the address (a new entry: Back returns) and the grid’s columns and density', async () => {
    const user = userEvent.setup();
    savedViewsDb.add({ page: 'names', name: 'Mine', state: namesState({ letter: 'B' }) });
    savedViewsDb.add({
      page: 'names',
      name: 'Icelandic Á',
      shared: true,
      ownerUid: 'admin-2',
      ownerEmail: 'other.admin@example.com',
      state: namesState({ letter: 'Á', nationality: 'icelandic' }, { columns: { nationality: false }, density: 'comfortable' }),
    });
    savedViewsDb.add({ page: 'names', name: 'Private of another', ownerUid: 'admin-2', ownerEmail: 'x@example.com', state: namesState() });
    const { router } = renderNamesPage('/manage-names?letter=E');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
    expect(columnHeaders()).toContain('nationality');

    const menu = await openViews(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mine', `Icelandic Á${viewText.sharedBy('other.admin@example.com')}`, viewText.save, viewText.manage]);
    await user.click(within(menu).getByRole('menuitem', { name: /Icelandic Á/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?letter=%C3%81&nationality=icelandic'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(countText()).not.toHaveTextContent(/^Showing 9 of 9 names$/));
    await waitFor(() => expect(columnHeaders()).not.toContain('nationality'));
    // The applied columns and density are this operator's choice now: saved after the pause.
    await waitFor(() =>
      expect(savedViewsDb.calls).toContainEqual({
        method: 'PUT',
        path: '/api/views/preferences/names',
        ifMatch: null,
        body: { columns: { nationality: false }, density: 'comfortable' },
      }),
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?letter=E');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
  });

  it('shows the columns and density saved from another browser, and saves a density change once after a pause', async () => {
    const user = userEvent.setup();
    savedViewsDb.preferences.set('names', {
      page: 'names',
      columns: { gender: false },
      density: 'standard',
      updatedAt: '2026-11-27T10:00:00.000Z',
    });
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    await waitFor(() => expect(columnHeaders()).not.toContain('gender'));
    expect(columnHeaders()).toContain('nationality');

    await user.click(screen.getByRole('button', { name: /Density/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Compact/ }));
    await waitFor(() => expect(savedViewsDb.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(savedViewsDb.calls).toEqual([
      { method: 'PUT', path: '/api/views/preferences/names', ifMatch: null, body: { columns: { gender: false }, density: 'compact' } },
    ]);
  });

  it('renames, shares and deletes one’s own view with the version it was shown with', async () => {
    const user = userEvent.setup();
    const view = savedViewsDb.add({ page: 'names', name: 'Draft', state: namesState({ letter: 'D' }) });
    renderNamesPage();
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: viewText.manage }));
    const manage = await screen.findByRole('dialog', { name: viewText.manageTitle });
    await user.click(within(manage).getByRole('button', { name: 'Rename or share “Draft”' }));
    const rename = await screen.findByRole('dialog', { name: viewText.renameTitle });
    const name = within(rename).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Final');
    await user.click(within(rename).getByRole('switch', { name: viewText.shareLabel }));
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(viewText.renamed('Final'))).toBeInTheDocument();
    expect(savedViewsDb.calls.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/views/${view.id}`,
      ifMatch: '"1"',
      body: { page: 'names', name: 'Final', shared: true },
    });

    await user.click(await within(manage).findByRole('button', { name: 'Delete “Final”' }));
    const confirm = await screen.findByRole('dialog', { name: viewText.deleteTitle });
    expect(confirm).toHaveTextContent(viewText.deleteQuestion('Final'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(viewText.deleted('Final'))).toBeInTheDocument();
    expect(savedViewsDb.calls.at(-1)).toEqual({ method: 'DELETE', path: `/api/views/${view.id}`, ifMatch: '"2"', body: null });
    expect(savedViewsDb.views).toEqual([]);
  });
});
