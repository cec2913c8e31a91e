// One date-time format across the console, with the zone stated. The same instant, 02:30 UTC on
// 4 March (still 3 March in the Americas), must read the same on Manage Names, Database Admin and User
// Management, under a header that says which zone it is written in.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUserRecord } from '../../mocks/fakeBackend';
import { namesDb } from '../../mocks/names.handlers';
import { renderWithProviders, signedInAdminState } from '../../mocks/renderWithProviders';
import { server } from '../../mocks/server';
import { usersDb } from '../../mocks/users.handlers';
import type { NameRecord } from '../../contract/schemas/names';
import DatabaseAdminPage from '../features/databaseAdmin/DatabaseAdminPage';
import ManageNamesPage from '../features/names/ManageNamesPage';
import { installUsersHandlers, renderUserManagement } from '../features/users/testing/usersTestKit';

jest.setTimeout(60_000);

const CREATED_AT = '2026-03-04T02:30:05.000Z';
const name: NameRecord = { id: 7, name_id: 7, name: 'Katrín', gender: 'female', nationality: 'icelandic', created_at: CREATED_AT };

installUsersHandlers();
beforeEach(() => {
  namesDb.reset([name]);
  server.use(http.get('*/api/admin/database-overview', () => HttpResponse.json({}, { status: 500 })));
});

/** The text of the cell in the named column of the row holding `rowText`, in a DataGrid or a plain table. */
function cellUnder(table: HTMLElement, header: string, rowText: string): string {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent?.trim() === header);
  expect(index).toBeGreaterThanOrEqual(0);
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(rowText));
  expect(row).toBeDefined();
  const cells = [...row!.querySelectorAll('[role="gridcell"], td')];
  return cells[index].textContent ?? '';
}

it('Manage Names writes created_at as its UTC day under "Created (UTC)"', async () => {
  renderWithProviders(<ManageNamesPage />, { route: '/manage-names', preloadedState: signedInAdminState });
  const grid = await screen.findByRole('grid');
  await within(grid).findByText('Katrín');
  expect(cellUnder(grid, 'Created (UTC)', 'Katrín')).toBe('4 Mar 2026');
});

it('Database Admin writes the same created_at the same way', async () => {
  renderWithProviders(<DatabaseAdminPage />, { route: '/database-admin', preloadedState: signedInAdminState });
  const table = await screen.findByRole('table', { name: 'Names' });
  await within(table).findByText('Katrín');
  expect(cellUnder(table, 'Created (UTC)', 'Katrín')).toBe('4 Mar 2026');
});

it('User Management writes a user created at that instant the same way, the time (UTC) in its tooltip and drawer', async () => {
  usersDb.records.clear();
  usersDb.records.set(
    'u-katrin',
    makeUserRecord({ uid: 'u-katrin', email: 'katrin@example.com', displayName: 'Katrín', createdAt: CREATED_AT }),
  );
  renderUserManagement();
  const grid = await screen.findByRole('grid');
  await within(grid).findByText('katrin@example.com');
  expect(cellUnder(grid, 'Created (UTC)', 'katrin@example.com')).toBe('4 Mar 2026');
  expect(within(grid).getByLabelText('4 Mar 2026, 02:30:05 UTC')).toBeInTheDocument();

  within(grid).getByRole('button', { name: 'Details' }).click();
  const drawer = await screen.findByRole('region', { name: 'User details' });
  expect(within(drawer).getByText('createdAt').nextSibling).toHaveTextContent('4 Mar 2026, 02:30:05 UTC');
});
