import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogsViewState } from '../../../contract/schemas/savedViews';
import { auditDb, auditLogsHandlers } from '../../../mocks/auditLogs.handlers';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { savedViewsDb } from '../../../mocks/savedViews.handlers';
import { server } from '../../../mocks/server';
import { createLocalAuditLogs } from '../../backend/local/localUsersAudit';
import { viewText } from '../savedViews';
import AuditLogsPage from './AuditLogsPage';

// The Views control on Audit Logs (mocks/savedViews.handlers.ts checks each request by the contract's schema): saving
// the range, event and source on screen with the grid's columns, and applying a view through the address.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

beforeEach(() => {
  auditDb.reset();
  savedViewsDb.reset();
  server.use(...auditLogsHandlers);
});

function renderAuditLogs(route = '/audit-logs') {
  const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };
  const backend = createFakeBackend({ signedIn: account });
  backend.records.set(account.uid, makeUserRecord({ ...account, isAdmin: true }));
  backend.auditLogs = createLocalAuditLogs({ apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => 'token' });
  return renderWithProviders(<AuditLogsPage />, { route, backend, preloadedState: signedInAdminState });
}

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: viewText.button }));
  return screen.findByRole('menu');
}

describe('the Views control on Audit Logs', () => {
  it('saves the range, event and source on screen with the columns chosen', async () => {
    const user = userEvent.setup();
    savedViewsDb.preferences.set('auditLogs', {
      page: 'auditLogs',
      columns: { id: false },
      density: 'standard',
      updatedAt: '2026-11-27T09:00:00.000Z',
    });
    renderAuditLogs('/audit-logs?range=30&event=CANCELLATION&source=app');
    await user.click(within(await openViews(user)).getByRole('menuitem', { name: viewText.save }));
    const dialog = await screen.findByRole('dialog', { name: viewText.saveTitle });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Cancellations');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedViewsDb.views).toHaveLength(1));
    expect(savedViewsDb.views[0]).toMatchObject({
      page: 'auditLogs',
      name: 'Cancellations',
      shared: false,
      state: { filters: { rangeDays: 30, event: 'CANCELLATION', source: 'app' }, columns: { id: false }, density: 'standard' },
    });
  });

  it('applies a view through the address, as a new history entry', async () => {
    const user = userEvent.setup();
    const state: AuditLogsViewState = {
      filters: { rangeDays: null, event: 'all', source: 'console' },
      columns: {},
      density: 'compact',
    };
    savedViewsDb.add({
      page: 'auditLogs',
      name: 'Console, all time',
      state,
      shared: true,
      ownerUid: 'admin-2',
      ownerEmail: 'b@example.com',
    });
    const { router } = renderAuditLogs();
    const menu = await openViews(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /Console, all time/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=all&source=console'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(auditDb.pageRequests.at(-1)?.get('source')).toBe('console'));
  });
});
