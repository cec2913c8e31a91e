// Import runs on the Bulk Upload page through the real store, saga, parser and RTK
// Query against msw's fake server (mocks/bulkUpload.handlers.ts), which keeps runs and the
// duplicate rule like the reference backend.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeCsvWorkers } from '../../../jest/workerClient.mock';
import { bulkImportLog } from '../../../mocks/bulkUpload.handlers';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import type { ImportRunDetail } from '../../../contract/schemas/importRuns';
import BulkUploadPage from './BulkUploadPage';
import { undoConfirmText, undoneToast } from './components/ImportRunsCard';

jest.setTimeout(30_000);
const slow = { timeout: 8000 };

beforeEach(() => {
  bulkImportLog.reset();
  fakeCsvWorkers.length = 0;
});

function renderPage() {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<BulkUploadPage />, { route: '/bulk-upload', preloadedState: signedInAdminState }) };
}

async function importFile(user: ReturnType<typeof userEvent.setup>, text: string, name = 'names.csv') {
  await user.upload(screen.getByLabelText('CSV file'), new File([text], name, { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

const FILE = 'name,gender,nationality\nAnna,female,swedish\nBo,male,danish\nanna,female,Swedish\nCy,,french\n';

it('importing the same file twice adds nothing the second time and says why', async () => {
  const { user } = renderPage();
  await importFile(user, FILE);
  // "anna" repeats "Anna" within the file: skipped as a duplicate; Cy lacks a gender
  expect(await screen.findByText('Bulk upload completed! Added: 2, Skipped: 2', undefined, slow)).toBeInTheDocument();
  expect(
    screen.getByText(/Read as UTF-8\. Skipped: 1 missing a name, gender or nationality\. Skipped as duplicates: 1 /),
  ).toBeInTheDocument();

  await importFile(user, FILE);
  expect(await screen.findByText('Bulk upload completed! Added: 0, Skipped: 4', undefined, slow)).toBeInTheDocument();
  expect(screen.getByText(/Skipped as duplicates: 3 \(the same name, gender and nationality is already stored/)).toBeInTheDocument();
  // Cy's row is invalid: a warning rather than an info toast, naming both reasons.
  const toast = await screen.findByText(
    'No new names were added: 3 rows skipped as duplicates, 1 row skipped as invalid.',
    undefined,
    slow,
  );
  expect(toast.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-warning');
  expect(screen.queryByText(/Successfully imported 0/)).not.toBeInTheDocument();
  expect(bulkImportLog.storedBy.size).toBe(2);
});

it('lists recent runs with what landed, an interrupted one included, and undoes one after saying how many', async () => {
  const { user, unmount } = renderPage();
  await importFile(user, FILE, 'first.csv');
  await screen.findByText('Bulk upload completed! Added: 2, Skipped: 2', undefined, slow);
  // a run left behind by a reload: interrupted, 1 name landed
  bulkImportLog.runs.push({
    ...bulkImportLog.runs[0]!,
    id: 2,
    fileName: 'reloaded.csv',
    state: 'interrupted',
    rowsAdded: 1,
    rowsReceived: 1,
    duplicatesSkipped: 0,
    consoleReport: null,
    finishedAt: null,
  });
  bulkImportLog.storedBy.set('dag|male|swedish', 2);

  unmount();
  renderPage(); // a fresh store and page, as after a reload
  const table = await screen.findByRole('table', { name: 'Recent imports' }, slow);
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  const interrupted = within(table).getByTestId('import-run-2');
  expect(interrupted).toHaveTextContent('reloaded.csv');
  expect(interrupted).toHaveTextContent('Interrupted');
  expect(interrupted).toHaveTextContent('the page was closed or reloaded, or the server stopped, during the import');
  const first = within(table).getByTestId('import-run-1');
  expect(first).toHaveTextContent('Done');
  expect(first).toHaveTextContent('4 rows read as UTF-8; 1 skipped before sending');

  await user.click(within(interrupted).getByRole('button', { name: 'Undo the import of reloaded.csv' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(
    'Undo the import of "reloaded.csv"? 1 name with no swipes will move to the trash. You can restore them here or from Manage Names → Trash.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));

  expect(await screen.findByText('Import undone: 1 name moved to the trash.', undefined, slow)).toBeInTheDocument();
  await waitFor(() => expect(within(table).getByTestId('import-run-2')).toHaveTextContent('Undone'));
  expect(within(table).getByTestId('import-run-2')).toHaveTextContent('1 name moved to the trash');
  expect(within(within(table).getByTestId('import-run-2')).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  expect([...bulkImportLog.storedBy.values()]).toEqual([1, 1]);

  // The undo is taken back: its name returns and the run is what it was before.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(within(within(table).getByTestId('import-run-2')).getByRole('button', { name: 'Restore the names of reloaded.csv' }));
  expect(await screen.findByText('Restored 1 name with no swipes from the import of "reloaded.csv".', undefined, slow)).toBeInTheDocument();
  await waitFor(() => expect(within(table).getByTestId('import-run-2')).toHaveTextContent('Interrupted'));
  expect([...bulkImportLog.storedBy.values()].sort()).toEqual([1, 1, 2]);
});

it('says the undo keeps names edited after the import, before and after it runs', () => {
  const run = { fileName: 'edited.csv', rowsAdded: 5, rowsPresent: 4, rowsEdited: 1, swipes: 12, matches: 1 } as ImportRunDetail;
  expect(undoConfirmText(run)).toBe(
    'Undo the import of "edited.csv"? 3 names with 12 swipes and 1 match will move to the trash. 1 name was edited after the import and stays. 1 of its 5 were deleted since. You can restore them here or from Manage Names → Trash.',
  );
  expect(undoneToast({ deletedCount: 3, keptEditedCount: 1 })).toBe(
    'Import undone: 3 names moved to the trash. Kept 1 name edited after the import.',
  );
});
