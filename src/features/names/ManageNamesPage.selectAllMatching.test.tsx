// "Select all n names matching this filter" (contract/namesBulkJobs.ts): offered once every loaded row is selected,
// it acts on every name the filter matches, loaded or not, as one job on the server: the confirmation names the
// count and the filter in words and asks again when the count changed; the job's progress shows with Cancel, and
// its end says what landed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NameRecord } from '../../../contract/schemas/names';
import { makeNameFixtures } from '../../../mocks/names.fixtures';
import { namesDb } from '../../../mocks/names.handlers';
import { namesJobsDb } from '../../../mocks/namesJobs.handlers';
import { countText, dataRows, recordNamesRequests, renderNamesPage, scroller } from './testing/namesTestKit';

jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();

/** The fixtures plus 70 more Icelandic names starting with S: 72 match letter S + icelandic, more than a page. */
function withManyS(): NameRecord[] {
  const base = makeNameFixtures();
  const extra = Array.from({ length: 70 }, (_, i) => {
    const id = 500 + i;
    return {
      id,
      name_id: id,
      name: `Sig${String(i).padStart(2, '0')}rún`,
      gender: 'female' as const,
      nationality: 'icelandic',
      created_at: '2026-02-01T00:00:00.000Z',
    };
  });
  return [...base, ...extra];
}

let matching = 0;
/** The job's status: a progress box while it runs, then an alert with its report (another element). */
const jobBox = () => screen.getByTestId('names-job');
beforeEach(() => {
  namesDb.reset(withManyS());
  namesJobsDb.reset();
  matching = namesDb.records.filter((r) => r.name.startsWith('S') && r.nationality === 'icelandic').length;
});

const jobStarts = () => requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/names/bulk-jobs');

async function selectAllMatching(user: ReturnType<typeof userEvent.setup>) {
  renderNamesPage('/manage-names?letter=S&nationality=icelandic');
  await waitFor(() => expect(countText()).toHaveTextContent(`Showing 50 of ${matching} names`));
  expect(screen.queryByTestId('select-all-matching')).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
  const bar = await screen.findByTestId('select-all-matching');
  expect(bar).toHaveTextContent('All 50 names loaded are selected.');
  await user.click(within(bar).getByRole('button', { name: `Select all ${matching} names matching this filter` }));
  expect(bar).toHaveTextContent(`All ${matching} names matching this filter are selected.`);
  expect(screen.getByRole('button', { name: `Delete selected (${matching})` })).toBeInTheDocument();
  return bar;
}

it('is offered only once every loaded row is selected', async () => {
  const user = userEvent.setup();
  renderNamesPage('/manage-names?letter=S&nationality=icelandic');
  await waitFor(() => expect(dataRows().length).toBeGreaterThan(0));
  await user.click(within(dataRows()[0]!).getByRole('checkbox', { name: 'Select row' }));
  expect(screen.queryByTestId('select-all-matching')).toBeNull();
});

it('edits the nationality of every matching name, loaded or not, and says how many', async () => {
  namesJobsDb.batch = 1000;
  const user = userEvent.setup();
  const bar = await selectAllMatching(user);
  await user.click(within(bar).getByRole('button', { name: `Edit all ${matching}` }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('filter-job-summary')).toHaveTextContent(`${matching} names: letter S, nationality icelandic`);
  const confirm = within(dialog).getByRole('button', { name: `Edit ${matching}` });
  expect(confirm).toBeDisabled();
  await user.type(within(dialog).getByLabelText('New nationality'), 'Swedish');
  await user.click(confirm);

  await screen.findByTestId('names-job', {}, { timeout: 15_000 });
  await waitFor(() => expect(jobBox()).toHaveTextContent(`${matching} of ${matching} names edited.`), { timeout: 15_000 });
  expect(JSON.parse(await jobStarts()[0]!.body)).toEqual({
    action: 'edit',
    filter: { letter: 'S', nationality: 'icelandic' },
    set: { nationality: 'Swedish' },
    expectedCount: matching,
  });
  expect(namesDb.records.filter((r) => r.nationality === 'swedish' && r.name.startsWith('S'))).toHaveLength(matching);
  // The list refetched: nothing matches the filter any more.
  await waitFor(() => expect(countText()).toHaveTextContent(/Showing 0 (of 0 )?names/));
});

it('asks again with the new count when names were added since they were counted', async () => {
  namesJobsDb.batch = 1000;
  const user = userEvent.setup();
  const bar = await selectAllMatching(user);
  await user.click(within(bar).getByRole('button', { name: `Delete all ${matching}` }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(`${matching} names: letter S, nationality icelandic`);
  namesDb.records.push({
    id: 900,
    name_id: 900,
    name: 'Sólrún',
    gender: 'female',
    nationality: 'icelandic',
    created_at: '2026-03-01T00:00:00.000Z',
    version: 1,
  });
  await user.click(within(dialog).getByRole('button', { name: `Delete ${matching}` }));
  const changed = await within(dialog).findByTestId('filter-job-count-changed');
  expect(changed).toHaveTextContent(`${matching + 1} now, not ${matching}`);
  expect(within(dialog).getByTestId('filter-job-summary')).toHaveTextContent(`${matching + 1} names: letter S, nationality icelandic`);
  expect(namesDb.trash).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: `Delete ${matching + 1}` }));
  await screen.findByTestId('names-job', {}, { timeout: 15_000 });
  await waitFor(() => expect(jobBox()).toHaveTextContent(`${matching + 1} of ${matching + 1} names moved to the trash.`), {
    timeout: 15_000,
  });
  expect(jobBox()).toHaveTextContent('They are in the trash as one deletion');
  expect(new Set(namesDb.trash.map((e) => e.trashed.deletionId)).size).toBe(1);
  expect(jobStarts().map((r) => r.url.pathname)).toHaveLength(2);
});

it('shows progress while the job runs, and Cancel stops it between batches, saying what landed', async () => {
  // Small batches: the job is still far from its end when Cancel is pressed, however slow the machine.
  namesJobsDb.batch = 5;
  const user = userEvent.setup();
  const bar = await selectAllMatching(user);
  await user.click(within(bar).getByRole('button', { name: `Delete all ${matching}` }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Delete ${matching}` }));
  await screen.findByTestId('names-job', {}, { timeout: 15_000 });
  await waitFor(() => expect(jobBox()).toHaveTextContent(`10 of ${matching} names done`), { timeout: 15_000 });
  expect(within(jobBox()).getByRole('progressbar', { name: 'Names job progress' })).toBeInTheDocument();
  await user.click(within(jobBox()).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(jobBox()).toHaveTextContent(/cancelled: \d+ not touched/), { timeout: 15_000 });
  const report = jobBox();
  const landed = namesDb.trash.length;
  expect(landed).toBeGreaterThanOrEqual(10);
  expect(landed).toBeLessThan(matching);
  expect(report).toHaveTextContent(`${landed} of ${matching} names moved to the trash; cancelled: ${matching - landed} not touched`);
});

it('a progress read that keeps failing ends in a report of what was done when last seen', async () => {
  namesJobsDb.batch = 10;
  const user = userEvent.setup();
  const bar = await selectAllMatching(user);
  await user.click(within(bar).getByRole('button', { name: `Edit all ${matching}` }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('New nationality'), 'norse');
  namesJobsDb.failReads = 100;
  await user.click(within(dialog).getByRole('button', { name: `Edit ${matching}` }));
  const alert = await screen.findByText(/Lost track of the job: Service unavailable/, {}, { timeout: 15_000 });
  expect(alert.closest('[data-testid="names-job"]')).toHaveTextContent(
    `0 of ${matching} names were done when last seen. The server goes on with it`,
  );
});
