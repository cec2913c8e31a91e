import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsersViewState } from '../../../contract/schemas/savedViews';
import { savedViewsDb } from '../../../mocks/savedViews.handlers';
import { viewText } from '../savedViews';
import { installUsersHandlers, renderUserManagement } from './testing/usersTestKit';

// The Views control on User Management (mocks/savedViews.handlers.ts checks each request by the contract's schema):
// a view's filters, sort and page size go through the address, and its columns reach the grid.
jest.setTimeout(90_000);
installUsersHandlers();
beforeEach(() => savedViewsDb.reset());

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: viewText.button }));
  return screen.findByRole('menu');
}
const columnHeaders = () => Array.from(document.querySelectorAll('[role="columnheader"]')).map((h) => h.getAttribute('data-field'));

describe('the Views control on User Management', () => {
  it('applies a view’s filters, sort and page size through the address, from its first page', async () => {
    const user = userEvent.setup();
    const state: UsersViewState = {
      filters: {
        search: '',
        premium: 'premium',
        active: 'all',
        connected: 'all',
        preferredGender: 'all',
        preferredNationality: 'all',
        createdFrom: '',
        createdTo: '',
        lastActiveFrom: '',
        lastActiveTo: '',
      },
      sort: { field: 'email', direction: 'asc' },
      pageSize: 100,
      columns: { uid: false },
      density: 'compact',
    };
    savedViewsDb.add({ page: 'users', name: 'Premium by email', state });
    const { router } = renderUserManagement('/user-management?page=2');
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: 'Premium by email' }));
    await waitFor(() => expect(router.state.location.search).toBe('?premium=premium&sort=email%3Aasc&size=100'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(columnHeaders()).not.toContain('uid'));
  });
});
