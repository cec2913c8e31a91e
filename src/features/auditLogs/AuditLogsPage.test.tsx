import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { auditDb, auditLogsHandlers, makeAuditFixtures } from '../../../mocks/auditLogs.handlers';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import { createLocalAuditLogs } from '../../backend/local/localUsersAudit';
import AuditLogsPage from './AuditLogsPage';
import { NO_AUDIT_LOGS_TEXT } from './components/AuditLogTable';

configure({ asyncUtilTimeout: 15_000 });
// The DataGrid in jsdom is slow on a busy machine.
jest.setTimeout(120_000);

beforeEach(() => {
  auditDb.reset();
  server.use(...auditLogsHandlers);
});

function renderAuditLogs(route = '/audit-logs') {
  const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };
  const backend = createFakeBackend({ signedIn: account });
  backend.records.set(account.uid, makeUserRecord({ ...account, isAdmin: true }));
  backend.auditLogs = createLocalAuditLogs({ apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => 'token' });
  return renderWithProviders(<AuditLogsPage />, { route, backend, preloadedState: signedInAdminState });
}

const lastPage = () => auditDb.pageRequests[auditDb.pageRequests.length - 1];
const HOUR = 3600_000;

describe('Audit Logs', () => {
  it('opens on the last 7 days: backend statistics, 100 entries, badges per spec 4', async () => {
    const opened = Date.now();
    renderAuditLogs();
    expect(await screen.findByText('Showing 100 entries')).toBeInTheDocument();
    const since = Date.parse(lastPage().get('since')!);
    expect(Math.abs(since - (opened - 7 * 24 * HOUR))).toBeLessThan(60_000);
    expect(lastPage().get('limit')).toBe('100');
    expect(lastPage().get('source')).toBe('all');
    expect(document.title).toMatch(/^Audit Logs/);
    // 7 days = entries 0..167 of the hourly fixtures: 168 in range
    expect(await screen.findByTestId('audit-total')).toHaveTextContent('168');
    const stats = screen.getByRole('list', { name: 'Events per type' });
    expect(
      within(stats)
        .getByRole('listitem', { name: /^CANCELLATION:/ })
        .querySelector('[data-badge]'),
    ).toHaveAttribute('data-badge', 'error');
    expect(
      within(stats)
        .getByRole('listitem', { name: /^SUBSCRIPTION_START:/ })
        .querySelector('[data-badge]'),
    ).toHaveAttribute('data-badge', 'success');
    expect(
      within(stats)
        .getByRole('listitem', { name: /^USER_CREATED:/ })
        .querySelector('[data-badge]'),
    ).toHaveAttribute('data-badge', 'info');
    expect(
      within(stats)
        .getByRole('listitem', { name: /^user\.update:/ })
        .querySelector('[data-badge]'),
    ).toHaveAttribute('data-badge', 'default');
  });

  it('has the usual grid toolbar: columns, density and a quick filter', async () => {
    renderAuditLogs();
    expect(await screen.findByText('Showing 100 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select columns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Density' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });

  it("shows each user id with the user's name or e-mail, linking to that user's analytics", async () => {
    const uid = 'Xq3vT9kLmN2pR7sW4yZ1aB5cD8eF'; // 28 characters, like the authentication service's uids
    auditDb.reset([
      {
        source: 'app',
        id: '1',
        timestamp: new Date(Date.now() - 60_000).toISOString(),
        event: 'USER_CREATED',
        userId: uid,
        lastSwipeDate: null,
        totalActiveTimeFormatted: null,
      },
      {
        source: 'app',
        id: '2',
        timestamp: new Date(Date.now() - 120_000).toISOString(),
        event: 'SUBSCRIPTION_START',
        userId: 'u-nameless',
        lastSwipeDate: null,
        totalActiveTimeFormatted: null,
      },
      {
        source: 'app',
        id: '3',
        timestamp: new Date(Date.now() - 180_000).toISOString(),
        event: 'ACCOUNT_DELETED',
        userId: 'u-gone',
        lastSwipeDate: null,
        totalActiveTimeFormatted: null,
      },
    ]);
    const { backend } = renderAuditLogs();
    backend.records.set(uid, makeUserRecord({ uid, email: 'katrin@example.com', displayName: 'Katrín Jónsdóttir' }));
    backend.records.set('u-nameless', makeUserRecord({ uid: 'u-nameless', email: 'nameless@example.com' }));
    expect(await screen.findByText('Showing 3 entries')).toBeInTheDocument();
    const grid = screen.getByRole('grid');

    const named = await within(grid).findByRole('link', { name: `Katrín Jónsdóttir ${uid}` });
    expect(named).toHaveAttribute('href', `/advanced-analytics?user=${uid}`);
    // No name on the record: its e-mail.
    expect(await within(grid).findByRole('link', { name: 'nameless@example.com u-nameless' })).toHaveAttribute(
      'href',
      '/advanced-analytics?user=u-nameless',
    );
    // A deleted account: the id stays, said to have no record, and links nowhere.
    const gone = within(grid).getByText('u-gone').parentElement!;
    expect(await within(gone).findByText('no user record')).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: 'User' })).toBeInTheDocument();
  });

  it('Load more reads on with the cursor until the end', async () => {
    renderAuditLogs('/audit-logs?range=all');
    expect(await screen.findByText('Showing 100 entries')).toBeInTheDocument();
    expect(lastPage().get('since')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 200 entries')).toBeInTheDocument();
    expect(lastPage().get('cursor')).toBe('100');
    expect(lastPage().get('offset')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 250 entries')).toBeInTheDocument();
    expect(screen.getByText('End of the audit trail for these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('range, event and source filters go to the backend and into the address', async () => {
    const { router } = renderAuditLogs();
    await screen.findByText('Showing 100 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Last 24 hours' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=1'));
    expect(await screen.findByText('Showing 24 entries')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Source' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Console actions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=1&source=console'));
    expect(await screen.findByText('Showing 2 entries')).toBeInTheDocument();
    expect(lastPage().get('source')).toBe('console');
    expect(screen.getAllByText('by admin@example.com')).toHaveLength(2);
    expect(screen.getAllByText('isPremium: false → true')).toHaveLength(2);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Event type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'CANCELLATION' }));
    expect(await screen.findByText(NO_AUDIT_LOGS_TEXT)).toBeInTheDocument();
    expect(NO_AUDIT_LOGS_TEXT).toBe('No audit logs found for the selected filters.');
    expect(lastPage().get('event')).toBe('CANCELLATION');
    // The statistics follow the event filter too: no console CANCELLATION in range, so a total of 0, not 2.
    expect(screen.getByRole('heading', { name: /Statistics · .* · CANCELLATION/ })).toBeInTheDocument();
    expect(screen.getByTestId('audit-total')).toHaveTextContent(/^0$/);
    expect(within(screen.getByRole('list', { name: 'Events per type' })).queryByRole('listitem', { name: /^user\.update:/ })).toBeNull();
  });

  it('exports everything matching the filters as a dated CSV, and reports a failure with its reason', async () => {
    const downloads: { name: string; blob: Blob }[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      downloads.push({ name: '', blob });
      return 'blob:audit';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads[downloads.length - 1].name = this.download;
    });
    auditDb.reset(makeAuditFixtures(2500));
    renderAuditLogs('/audit-logs?range=all&source=app');
    await screen.findByText('Showing 100 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('audit-export-status')).toHaveTextContent(
        /Exported 2,250 rows: audit-logs-\d{4}-\d{2}-\d{2}\.csv downloaded\./,
      ),
    );
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloads[0].blob.text();
    expect(text.trim().split('\r\n')).toHaveLength(2251);
    // read in pages of 1,000 with the cursor, not only what the screen loaded
    const exportPages = auditDb.pageRequests.filter((p) => p.get('limit') === '1000');
    expect(exportPages.map((p) => p.get('cursor'))).toEqual([null, '1000', '2000']);

    server.use(
      http.get('*/api/audit-logs', ({ request }) =>
        new URL(request.url).searchParams.get('limit') === '1000'
          ? HttpResponse.json({ error: 'internal', message: 'database unavailable' }, { status: 500 })
          : HttpResponse.json({ entries: [], nextCursor: null }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByTestId('audit-export-status')).toHaveTextContent('Export failed: database unavailable'));
    expect(screen.getByTestId('audit-export-status')).toHaveTextContent('Failed to export audit logs');
    expect(downloads).toHaveLength(1);
    click.mockRestore();
  });
});
