// The palette through the real store and router against msw: Ctrl-K opens it on an admin page, the keyboard alone
// finds a page or a user and goes there, and the records chosen come back as Recent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { makeUserFixtures } from '../../../mocks/users.handlers';
import { PaletteLauncher } from './PaletteLauncher';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderPalette() {
  const user = userEvent.setup();
  const page = (
    <>
      <PaletteLauncher />
      <Where />
    </>
  );
  // the users port answers from these records (the fake backend's own user list, as on both stacks' ports)
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' } });
  for (const record of makeUserFixtures(60)) backend.records.set(record.uid, record);
  renderWithProviders(page, {
    route: '/dashboard',
    preloadedState: signedInAdminState,
    backend,
    routes: [
      { path: '/operators', element: page },
      { path: '/user-management', element: page },
      { path: '/manage-names', element: page },
    ],
  });
  return user;
}

beforeEach(() => localStorage.clear());

describe('command palette', () => {
  it('Ctrl-K opens it; typing and Enter go to a page; Escape closes it', async () => {
    const user = renderPalette();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    expect(input).toHaveFocus();
    await user.type(input, 'operat');
    const options = within(screen.getByRole('listbox', { name: 'Results' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['OperatorsAdmin accounts, invitations and password links']);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/operators'));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('finds a user by name, goes to the user list filtered to them, and lists them under Recent next time', async () => {
    const user = renderPalette();
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const input = await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    await user.type(input, 'katla');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    const katla = await within(listbox).findAllByRole('option', { name: /Katla/ }, { timeout: 5000 });
    // arrows move the active option: the pages first (none match "katla"), then the users
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', katla[0]!.id);
    expect(katla[0]).toHaveAttribute('aria-selected', 'true');
    const email = katla[0]!.textContent!.match(/katla\.\d+@example\.com/)![0];
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/user-management?q=${encodeURIComponent(email)}`));

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    const recent = within(screen.getByRole('listbox', { name: 'Results' })).getAllByRole('option')[0]!;
    expect(recent).toHaveTextContent(email);
  });

  it('finds a baby name with the names search (accents folded) and opens Manage Names searching for it', async () => {
    const user = renderPalette();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    await user.type(input, 'sigridur');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    const found = await within(listbox).findByRole('option', { name: /Sigríður/ }, { timeout: 5000 });
    expect(found).toHaveTextContent('female, icelandic');
    // "sigridur" is no page, no user: the first option is the name
    expect(within(listbox).getAllByRole('option')[0]).toBe(found);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/manage-names?q=${encodeURIComponent('Sigríður')}`));
  });

  it('says when neither a user nor a name matches', async () => {
    const user = renderPalette();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search pages, users and names' });
    await user.type(input, 'qqxzv');
    expect(await screen.findByText('No user matches. No name matches.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
