import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { makeUserFixtures, usersQueryFromParams } from '../../../mocks/users.handlers';
import { createFakeUserManagement } from '../../../mocks/fakeUsersAudit';
import { renderUserManagement, usersDb, installUsersHandlers } from './testing/usersTestKit';
import { NO_USERS_TEXT } from './components/UsersTableSection';

// Rows by their uid (the grid's data-id): role queries with accessible names are slow over a whole grid in jsdom.
const UIDS: Record<string, string> = { 'Anna A.': 'u0001', 'Bjorn B.': 'u0002', 'Ciara C.': 'u0003' };
const row = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[role="row"][data-id="${UIDS[name]}"]`);
  if (!element) throw new Error(`No row for ${name}`);
  return element;
};
const lastList = () => usersDb.listRequests[usersDb.listRequests.length - 1];

// The DataGrid in jsdom is slow on a busy machine.
jest.setTimeout(120_000);
installUsersHandlers();

describe('User Management', () => {
  it('lists the first page of 50, newest first, with the total and the page title', async () => {
    renderUserManagement();
    expect(await screen.findByText('60 users match')).toBeInTheDocument();
    expect(await screen.findByText('Anna A.')).toBeInTheDocument();
    expect(lastList().get('limit')).toBe('50');
    expect(lastList().get('offset')).toBe('0');
    expect(lastList().get('sort')).toBe('createdAt');
    expect(lastList().get('order')).toBe('desc');
    expect(document.title).toMatch(/^User Management/);
    expect(screen.getByText('1–50 of 60')).toBeInTheDocument();
  });

  it('contains a malformed row from the API to that row: flagged, the rest of the table as usual', async () => {
    // An object where the email's text belongs: it used to replace the page with the error screen.
    usersDb.records.get('u0002')!.email = { nested: 'bjorn@example.com' } as never;
    renderUserManagement();
    expect(await screen.findByText('Anna A.')).toBeInTheDocument();
    const bjorn = await waitFor(() => row('Bjorn B.'));
    expect(within(bjorn).getByRole('note')).toHaveTextContent('Malformed data from the server: email');
    expect(screen.queryByText(/Something went wrong/i)).not.toBeInTheDocument();
  });

  it("disables Deactivate and Delete on the operator's own row and says why", async () => {
    const [first] = makeUserFixtures(1);
    usersDb.records.set('admin-1', {
      ...first!,
      uid: 'admin-1',
      displayName: 'Demo Admin',
      email: 'admin@example.com',
      createdAt: '2099-01-01T00:00:00.000Z',
    });
    renderUserManagement();
    await screen.findByText('Demo Admin');
    const own = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('[role="row"][data-id="admin-1"]');
      if (!element) throw new Error('no own row yet');
      return element;
    });
    expect(within(own).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'This is your own account: you cannot deactivate or delete it here.',
    );
    // Another row keeps both.
    expect(within(row('Anna A.')).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });

  it('has the usual grid toolbar: columns, density and a quick filter over the loaded rows', async () => {
    renderUserManagement();
    expect(await screen.findByText('Anna A.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select columns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Density' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Bjorn' } });
    await waitFor(() => expect(screen.queryByText('Anna A.')).not.toBeInTheDocument());
    expect(screen.getByText('Bjorn B.')).toBeInTheDocument();
  });

  it('fetches swipe totals only for the rows on screen, each once, in row order', async () => {
    // Own uids: requests still in flight from an earlier test's store must not count here.
    const fixtures = makeUserFixtures(60, 'v');
    usersDb.reset(fixtures);
    usersDb.swipeDelayMs = 30;
    renderUserManagement();
    await screen.findByText('Anna A.');
    const cell = () => document.querySelector('[role="row"][data-id="v0001"] [data-field="swipes"]');
    await waitFor(() => expect(cell()).toHaveTextContent(/^11$/));
    await waitFor(() => expect(screen.queryAllByLabelText('Loading swipes')).toHaveLength(0));
    const requested = usersDb.swipeRequests.filter((uid) => uid.startsWith('v'));
    const rendered = document.querySelectorAll('[role="row"][data-id]').length;
    expect(rendered).toBeLessThan(50);
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested.length).toBeLessThanOrEqual(rendered);
    // in row order, never past the rendered rows
    expect(requested).toEqual(fixtures.map((u) => u.uid).slice(0, requested.length));
  });

  it('searches (debounced) and filters, mirrored in the address', async () => {
    const { router } = renderUserManagement();
    await screen.findByText('60 users match');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), { target: { value: 'ANNA' } });
    expect(await screen.findByText('5 users match')).toBeInTheDocument();
    expect(lastList().get('search')).toBe('ANNA');
    expect(router.state.location.search).toBe('?q=ANNA');

    fireEvent.click(screen.getByRole('button', { name: 'Advanced filters' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Premium' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Premium' }));
    await waitFor(() => expect(lastList().get('isPremium')).toBe('true'));
    expect(router.state.location.search).toBe('?q=ANNA&premium=premium');
    expect(await screen.findByText('5 users match')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-02-20' } });
    await waitFor(() => expect(lastList().get('createdFrom')).toBe('2026-02-20T00:00:00.000Z'));
    expect(await screen.findByText('1 user matches')).toBeInTheDocument();
  });

  it('opens with the view of a shared link', async () => {
    renderUserManagement('/user-management?active=inactive&size=25&sort=email:asc');
    await screen.findByText(/users? match/);
    expect(lastList().get('accountActive')).toBe('false');
    expect(lastList().get('limit')).toBe('25');
    expect(lastList().get('sort')).toBe('email');
    expect(lastList().get('order')).toBe('asc');
    expect(screen.getByRole('group', { name: 'Advanced filters' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderUserManagement('/user-management?q=nobody-at-all');
    expect(await screen.findByText(NO_USERS_TEXT)).toBeInTheDocument();
    expect(screen.getByText('No users found matching your criteria.')).toBeInTheDocument();
  });

  it('grants and removes premium, with the activity toast on a grant', async () => {
    renderUserManagement();
    await screen.findByText('Anna A.');
    // u0002 (Bjorn B.) is free
    fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
    expect(await screen.findByText('Premium granted to Bjorn B..')).toBeInTheDocument();
    expect(screen.getByText('Premium upgrade: Bjorn B. is now a premium user.')).toBeInTheDocument();
    expect(usersDb.records.get('u0002')!.isPremium).toBe(true);
    fireEvent.click(await within(row('Bjorn B.')).findByRole('button', { name: 'Remove Premium' }));
    expect(await screen.findByText('Premium removed from Bjorn B..')).toBeInTheDocument();
    expect(usersDb.records.get('u0002')!.isPremium).toBe(false);
    expect(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' })).toBeInTheDocument();
  });

  it('deactivates and activates', async () => {
    renderUserManagement();
    await screen.findByText('Anna A.');
    fireEvent.click(within(row('Anna A.')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Anna A. was deactivated.')).toBeInTheDocument();
    expect(usersDb.records.get('u0001')!.accountActive).toBe(false);
    fireEvent.click(await within(row('Anna A.')).findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Anna A. was activated.')).toBeInTheDocument();
    expect(usersDb.records.get('u0001')!.accountActive).toBe(true);
  });

  it('says why a change failed and keeps the row as it was', async () => {
    server.use(
      http.patch('*/api/users/:uid', () =>
        HttpResponse.json({ error: 'forbidden', message: 'Admins cannot be changed here' }, { status: 403 }),
      ),
    );
    renderUserManagement();
    await screen.findByText('Anna A.');
    fireEvent.click(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' }));
    expect(await screen.findByText('Failed to update Bjorn B.: Admins cannot be changed here')).toBeInTheDocument();
    expect(within(row('Bjorn B.')).getByRole('button', { name: 'Grant Premium' })).toBeEnabled();
  });

  it('deletes a user after a confirmation that says it cannot be undone', async () => {
    renderUserManagement();
    await screen.findByText('Anna A.');
    fireEvent.click(within(row('Ciara C.')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Ciara C. was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ciara C.')).not.toBeInTheDocument());
    expect(usersDb.records.has('u0003')).toBe(false);
    expect(await screen.findByText('59 users match')).toBeInTheDocument();
  });

  it('shows pending and failed toasts when a delete fails, and keeps the user', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete('*/api/users/:uid', async () => {
        await gate;
        return HttpResponse.json({ error: 'internal', message: 'database unavailable' }, { status: 500 });
      }),
    );
    renderUserManagement();
    await screen.findByText('Anna A.');
    fireEvent.click(within(row('Ciara C.')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Deleting Ciara C.…')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('Failed to delete Ciara C.: database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Ciara C.')).toBeInTheDocument();
    expect(usersDb.records.has('u0003')).toBe(true);
  });

  it('Show All reads the whole list page by page with the cursor', async () => {
    usersDb.reset(makeUserFixtures(2300));
    const { router } = renderUserManagement('/user-management?size=all');
    expect(await screen.findByText('2,300 users match')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2,300 of 2,300')).toBeInTheDocument());
    const pages = usersDb.listRequests.map((p) => [p.get('limit'), p.get('cursor')]);
    expect(pages).toEqual([
      ['1000', null],
      ['1000', '1000'],
      ['1000', '2000'],
    ]);
    expect(router.state.location.search).toBe('?size=all');
    // virtualized: far fewer rows in the DOM than loaded
    expect(screen.getAllByRole('row').length).toBeLessThan(100);
  });

  it('says "more than" when the backend stopped counting, and pages on to the end', async () => {
    usersDb.reset(makeUserFixtures(120));
    usersDb.totalCountLimit = 100;
    renderUserManagement();
    expect(await screen.findByText('More than 100 users match')).toBeInTheDocument();
    expect(screen.getByText('1–50 of more than 100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–100 of more than 100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    // The last page is short: the count is known now.
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
  });

  it('Show All under a "more than" total shows progress without a total, then the count of what it read', async () => {
    usersDb.reset(makeUserFixtures(2300));
    usersDb.totalCountLimit = 1000;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold the second page (unanswered here, so the users handler answers it once the gate opens).
    server.use(
      http.get('*/api/users', async ({ request }) => {
        if (new URL(request.url).searchParams.has('cursor')) await gate;
      }),
    );
    renderUserManagement('/user-management?size=all');
    const progress = await screen.findByRole('status', { name: 'Loading all users' });
    // The status shows from the start (0 loaded); the first page's thousand arrive after.
    expect(await within(progress).findByText('Loading all users: 1,000…')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    act(() => release());
    expect(await screen.findByText('2,300 users match')).toBeInTheDocument();
    expect(screen.getByText('2,300 of 2,300')).toBeInTheDocument();
    expect(screen.queryByText(/of 1,000/)).not.toBeInTheDocument();
  });

  it('says the list could not be loaded, with the reason and Retry, and no "0 users" beside it', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ error: 'internal', message: 'database unavailable' }, { status: 500 })));
    renderUserManagement();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users: database unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByTestId('users-count')).toHaveTextContent(/^$/);
  });

  it('without a total, Next is disabled on a full last page and the count line says how many are shown', async () => {
    // As Firebase mode answers a search: no total, the end of the list known from nextCursor alone.
    usersDb.reset(makeUserFixtures(100));
    server.use(
      http.get('*/api/users', async ({ request }) => {
        const params = new URL(request.url).searchParams;
        usersDb.listRequests.push(params);
        const page = await createFakeUserManagement(usersDb.records).listUsers(usersQueryFromParams(params));
        return HttpResponse.json({ ...page, total: null });
      }),
    );
    renderUserManagement();
    expect(await screen.findByText('Showing 50 users')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–100 of 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(screen.queryByText(/101–100/)).not.toBeInTheDocument();
  });

  it('says "Showing 1 user" for a single row without a total', async () => {
    usersDb.reset(makeUserFixtures(1));
    server.use(
      http.get('*/api/users', async ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = await createFakeUserManagement(usersDb.records).listUsers(usersQueryFromParams(params));
        return HttpResponse.json({ ...page, total: null });
      }),
    );
    renderUserManagement();
    expect(await screen.findByText('Showing 1 user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('changes the page size and the page', async () => {
    const { router } = renderUserManagement();
    await screen.findByText('1–50 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    // Next reads on from the page on screen (its nextCursor; the fake's cursors are positions), not by offset.
    expect(lastList().get('cursor')).toBe('50');
    expect(lastList().has('offset')).toBe(false);
    // The address keeps the cursor, so a reload or a shared link reads the page the same way.
    expect(router.state.location.search).toBe('?page=2&after=50');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Users per page/ }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '100', '250', 'Show All']);
    fireEvent.click(screen.getByRole('option', { name: '250' }));
    expect(await screen.findByText('1–60 of 60')).toBeInTheDocument();
    expect(lastList().get('limit')).toBe('250');
    expect(router.state.location.search).toBe('?size=250');
  });

  it('a link to a page reached by Next reads it by the cursor the link carries', async () => {
    renderUserManagement('/user-management?page=2&after=50');
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(lastList().get('cursor')).toBe('50');
    expect(lastList().has('offset')).toBe(false);
  });

  it('a page number alone goes by offset', async () => {
    renderUserManagement('/user-management?page=2');
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(lastList().get('offset')).toBe('50');
    expect(lastList().has('cursor')).toBe(false);
  });

  it('shows every field of a record in the detail drawer', async () => {
    renderUserManagement();
    await screen.findByText('Anna A.');
    fireEvent.click(within(row('Anna A.')).getByRole('button', { name: 'Details' }));
    const details = await screen.findByRole('region', { name: 'User details' });
    for (const field of [
      'uid',
      'email',
      'preferredLanguage',
      'connectionRequestSent',
      'dailySwipeCount',
      'totalActiveTimeFormatted',
      'notificationSettings',
      'dailyReminder',
    ]) {
      expect(within(details).getByText(field)).toBeInTheDocument();
    }
    expect(within(details).getByText('anna.1@example.com')).toBeInTheDocument();
    expect(within(details).getByText('0h 0m 0s')).toBeInTheDocument();
  });
});
