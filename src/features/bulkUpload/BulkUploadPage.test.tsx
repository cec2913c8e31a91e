// The page through the real store, saga, parse session (in-thread fake worker, real papaparse) and
// RTK Query, against msw.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { bulkImportLog } from '../../../mocks/bulkUpload.handlers';
import { fakeCsvWorkers } from '../../../jest/workerClient.mock';
import BulkUploadPage from './BulkUploadPage';
import { IMPORT_BATCH_SIZE } from './importConfig';

// Whole imports run here (parse, saga, HTTP): give them room on a busy machine.
jest.setTimeout(30_000);
const slow = { timeout: 8000 };
const count = (n: number) => n.toLocaleString('en-US');

const csv = (text: string, name = 'names.csv') => new File([text], name, { type: 'text/csv' });

function rowsCsv(n: number) {
  const lines = ['name,gender,nationality'];
  for (let i = 1; i <= n; i += 1) lines.push(`name${i},${i % 2 ? 'female' : 'male'},irish`);
  return lines.join('\n');
}

function renderPage() {
  const user = userEvent.setup();
  const view = renderWithProviders(<BulkUploadPage />, {
    route: '/bulk-upload',
    preloadedState: signedInAdminState,
    routes: [{ path: '/elsewhere', element: <div>Somewhere else</div> }],
  });
  return { user, ...view };
}

async function chooseAndUpload(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('CSV file'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

/** Every request msw saw, to prove what was (not) sent. */
const requests: string[] = [];
const record = ({ request }: { request: Request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`);

beforeEach(() => {
  // A column mapping one test confirmed is remembered per header (csvHeader.ts); no test may inherit it.
  localStorage.clear();
  bulkImportLog.reset();
  requests.length = 0;
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeListener('request:start', record));

describe('Bulk Upload page: import', () => {
  it('asks for a file when none is chosen, and sends nothing', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select a CSV file to upload.', undefined, slow)).toBeInTheDocument();
    expect(requests.filter((r) => r.includes('bulk-import'))).toEqual([]);
  });

  it('shows the chosen file name and size and the expected format', async () => {
    const { user } = renderPage();
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('accept', '.csv,text/csv');
    await user.upload(screen.getByLabelText('CSV file'), csv('name,gender,nationality\nAnna,female,swedish\n', 'my names.csv'));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('my names.csv (44 B)');
    expect(screen.getByLabelText('Example CSV')).toHaveTextContent('name,gender,nationality');
  });

  it('a file papaparse cannot read shows the parse error with the reason, and sends nothing', async () => {
    const { user } = renderPage();
    await chooseAndUpload(user, csv('name,gender,nationality\nAnna,female,swedish\n"Bo,male,danish\n'));
    expect(await screen.findByText('Error parsing file. Please check the file and try again.', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText(/data row 2/)).toBeInTheDocument();
    expect(requests.filter((r) => r.includes('bulk-import'))).toEqual([]);
  });

  it('a header in other words (sex, country) shows the proposed columns before anything is sent; Upload imports with them', async () => {
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('CSV file'), csv('name,sex,country\nAnna,female,swedish\n'));
    const group = await screen.findByRole('group', { name: 'Columns of the file' }, slow);
    expect(within(group).getByRole('combobox', { name: 'Gender column' })).toHaveTextContent('sex');
    expect(within(group).getByRole('combobox', { name: 'Nationality column' })).toHaveTextContent('country');
    expect(requests.filter((r) => r.includes('bulk-import'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Bulk upload completed! Added: 1, Skipped: 0', undefined, slow)).toBeInTheDocument();
    expect(bulkImportLog.rows.map(({ name, gender, nationality }) => [name, gender, nationality])).toEqual([['Anna', 'female', 'swedish']]);
  });

  it('imports the valid rows, shows the counts and the success toast', async () => {
    const { user } = renderPage();
    const text =
      '\uFEFF Name ,GENDER,Nationality\r\náSTA,Female, Icelandic \r\n\r\nBo,male,danish\r\n,male,danish\r\nSam,other,english\r\n"O""Neill, Jr",male,irish\r\n';
    await chooseAndUpload(user, csv(text));

    expect(await screen.findByText('Bulk upload completed! Added: 3, Skipped: 2', undefined, slow)).toBeInTheDocument();
    expect(await screen.findByText('Successfully imported 3 names!', undefined, slow)).toBeInTheDocument();
    expect(bulkImportLog.rows.map(({ name, gender, nationality }) => [name, gender, nationality])).toEqual([
      ['Ásta', 'female', 'icelandic'],
      ['Bo', 'male', 'danish'],
      ['O"neill, jr', 'male', 'irish'],
    ]);
    const createdAt = bulkImportLog.rows[0].createdAt;
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(bulkImportLog.rows.every((r) => r.createdAt === createdAt)).toBe(true);
    expect(fakeCsvWorkers[fakeCsvWorkers.length - 1].terminated).toBe(true); // the worker is stopped afterwards
    // The chosen file is forgotten, so pressing Upload again cannot import the rows twice.
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('No file chosen');
  });

  it('Check file reports what the import would do, writes nothing, keeps the file, and Upload then imports it', async () => {
    const { user } = renderPage();
    // one name stored already, one repeated in the file, one invalid row
    await chooseAndUpload(user, csv('name,gender,nationality\nAnna,female,swedish\n'));
    expect(await screen.findByText('Successfully imported 1 names!', undefined, slow)).toBeInTheDocument();
    const text = 'name,gender,nationality\nAnna,female,swedish\nBo,male,danish\nbo,male,DANISH\n,male,danish\nCy,unisex,french\n';
    await user.upload(screen.getByLabelText('CSV file'), csv(text, 'more.csv'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(
      await screen.findByText('Check complete: 2 names would be added, 3 rows skipped. Nothing was written.', undefined, slow),
    ).toBeInTheDocument();
    expect(screen.getByText(/Skipped as duplicates: 2/)).toBeInTheDocument();
    expect(await screen.findByText('File checked: 2 names would be added.', undefined, slow)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Check figures' })).getByText('Would add:', { exact: false })).toHaveTextContent(
      'Would add: 2',
    );
    expect(bulkImportLog.checkedBatches.flat().map((r) => r.name)).toEqual(['Anna', 'Bo', 'Bo', 'Cy']);
    expect(bulkImportLog.storedBy.size).toBe(1); // nothing written
    expect(bulkImportLog.checks.size).toBe(0); // the check was ended
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('more.csv');

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Bulk upload completed! Added: 2, Skipped: 3', undefined, slow)).toBeInTheDocument();
    expect(bulkImportLog.storedBy.size).toBe(3);
  });

  it('asks which columns hold name, gender and nationality when the header does not say, and remembers the choice', async () => {
    const { user } = renderPage();
    const text = 'Nafn;Kyn;Land;Athugasemd\nSigríður;female;Icelandic;x\nÞór;male;icelandic;y\n';
    await user.upload(screen.getByLabelText('CSV file'), csv(text, 'nofn.csv'));
    const group = await screen.findByRole('group', { name: 'Columns of the file' }, slow);
    // proposed from the header: Nafn and Kyn are known; Land is not
    expect(within(group).getByRole('combobox', { name: 'Name column' })).toHaveTextContent('Nafn');
    expect(within(group).getByRole('combobox', { name: 'Gender column' })).toHaveTextContent('Kyn');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Choose the column that holds each of name, gender and nationality.')).toBeInTheDocument();
    expect(bulkImportLog.rows).toHaveLength(0);

    await user.click(within(group).getByRole('combobox', { name: 'Nationality column' }));
    await user.click(screen.getByRole('option', { name: 'Land' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Bulk upload completed! Added: 2, Skipped: 0', undefined, slow)).toBeInTheDocument();
    expect(bulkImportLog.rows.map(({ name, gender, nationality }) => [name, gender, nationality])).toEqual([
      ['Sigríður', 'female', 'icelandic'],
      ['Þór', 'male', 'icelandic'],
    ]);

    // the same header again: the choice is remembered
    await user.upload(screen.getByLabelText('CSV file'), csv(text, 'nofn-2.csv'));
    const again = await screen.findByRole('group', { name: 'Columns of the file' }, slow);
    expect(within(again).getByRole('combobox', { name: 'Nationality column' })).toHaveTextContent('Land');
  });

  it('re-importing a file whose rows are all stored says that no new names were added, not "Successfully imported 0 names!"', async () => {
    const { user } = renderPage();
    const text = 'name,gender,nationality\nAnna,female,swedish\nBo,male,danish\nCy,unisex,french\n';
    await chooseAndUpload(user, csv(text));
    expect(await screen.findByText('Successfully imported 3 names!', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Successfully imported 3 names!').closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-success');

    await chooseAndUpload(user, csv(text));
    expect(await screen.findByText('Bulk upload completed! Added: 0, Skipped: 3', undefined, slow)).toBeInTheDocument();
    const toast = await screen.findByText('No new names were added: 3 rows skipped as duplicates.', undefined, slow);
    // Nothing went wrong: an info toast, not a success one.
    expect(toast.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-info');
    expect(screen.queryByText(/Successfully imported 0/)).not.toBeInTheDocument();
    expect(bulkImportLog.storedBy.size).toBe(3);
  });

  it('a batch failing midway shows the error text, the toast, and how many rows had already been added', async () => {
    server.use(
      http.post('*/api/admin/names/bulk-import', async ({ request }) => {
        const { names } = (await request.json()) as { names: unknown[] };
        // The first batch (a full one) lands; the second (the last 500) is refused by the server.
        if (names.length === IMPORT_BATCH_SIZE) {
          bulkImportLog.batches.push(names as never);
          return HttpResponse.json({ addedCount: names.length });
        }
        return HttpResponse.json(
          { error: 'bad_request', message: 'Row 3: name must not be empty', field: 'names[3].name' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderPage();
    await chooseAndUpload(user, csv(rowsCsv(IMPORT_BATCH_SIZE + 500)));

    expect(
      await screen.findByText('Error during upload. Please check the file format and try again.', undefined, slow),
    ).toBeInTheDocument();
    expect(await screen.findByText('Bulk upload failed. Please check file format and try again.', undefined, slow)).toBeInTheDocument();
    expect(
      screen.getByText(`${count(IMPORT_BATCH_SIZE)} names had already been added before the upload stopped.`, { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Not added: rows ${count(IMPORT_BATCH_SIZE + 1)}–${count(IMPORT_BATCH_SIZE + 500)} (HTTP 400: Row 3: name must not be empty)`,
        {
          exact: false,
        },
      ),
    ).toBeInTheDocument();
    expect(bulkImportLog.rows).toHaveLength(IMPORT_BATCH_SIZE);
    expect(screen.queryByText(/Successfully imported/)).not.toBeInTheDocument();
  });

  it('shows the running job after navigating away and back; Cancel reports exactly what landed', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/admin/names/bulk-import', async ({ request }) => {
        const { names } = (await request.json()) as { names: unknown[] };
        await gate;
        bulkImportLog.batches.push(names as never);
        return HttpResponse.json({ addedCount: names.length });
      }),
    );
    const { user, router } = renderPage();
    // Two full batches go out (the concurrency) and wait; more remain in the file.
    const inFlight = 2 * IMPORT_BATCH_SIZE;
    await chooseAndUpload(user, csv(rowsCsv(inFlight + 2 * IMPORT_BATCH_SIZE + 1000)));

    const progress = await screen.findByRole('progressbar', { name: 'Import progress' }, slow);
    expect(progress).toHaveAttribute('aria-valuenow');
    await waitFor(() => expect(screen.getByLabelText('Import figures')).toHaveTextContent(`Sent: ${count(inFlight)}`), slow);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    await act(() => router.navigate('/bulk-upload'));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' }, slow)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Cancelling/)).toBeInTheDocument();
    release();

    expect(
      await screen.findByText(`Cancelled. ${count(inFlight)} names were added before cancelling.`, undefined, slow),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Added: rows 1–${count(inFlight)}. Not sent: rows ${count(inFlight + 1)} to the end of the file.`, { exact: false }),
    ).toBeInTheDocument();
    expect(bulkImportLog.rows).toHaveLength(inFlight);
    expect(requests.filter((r) => r.includes('bulk-import'))).toHaveLength(2);
    expect(fakeCsvWorkers[fakeCsvWorkers.length - 1].terminated).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});

describe('Bulk Upload page: bulk delete by nationality', () => {
  it('lists nationalities with counts, requires a selection, confirms, then only warns', async () => {
    const { user } = renderPage();
    // Not supported is said before anything is asked.
    expect(screen.getByTestId('bulk-delete-unsupported')).toHaveTextContent(
      'Bulk delete by nationality is not supported for the current backend. Confirming below deletes nothing.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete all names of this nationality' }));
    expect(await screen.findByText('Please select a nationality.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Nationality' }));
    await user.click(await screen.findByRole('option', { name: /^irish \(\d+\)$/ }));
    await user.click(screen.getByRole('button', { name: 'Delete all names of this nationality' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"irish".*cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText(
        (text, element) =>
          text === 'Bulk delete by nationality is not supported for the current backend.' && !element?.closest('[data-testid]'),
        undefined,
        slow,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No request deletes anything.
    expect(requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
  });

  it('says why when the nationalities cannot be loaded', async () => {
    server.use(
      http.get('*/api/names/nationalities-with-counts', () =>
        HttpResponse.json({ error: 'internal_error', message: 'Internal server error' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Failed to load nationalities. Internal server error')).toBeInTheDocument();
  });

  it('cancelling the confirmation does nothing', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Nationality' }));
    await user.click(await screen.findByRole('option', { name: /^german \(\d+\)$/ }));
    await user.click(screen.getByRole('button', { name: 'Delete all names of this nationality' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No warning toast: only the card's own notice says it.
    expect(screen.getAllByText(/not supported/)).toHaveLength(1);
  });

  it('shows an error toast when the nationalities cannot be loaded', async () => {
    server.use(
      http.get('*/api/names/nationalities-with-counts', () =>
        HttpResponse.json({ error: 'Internal Server Error', message: 'database unavailable' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Failed to load nationalities. database unavailable', undefined, slow)).toBeInTheDocument();
  });
});
