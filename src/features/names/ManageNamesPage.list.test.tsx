import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { queryNames } from '../../../mocks/names.handlers';
import {
  countText,
  dataRows,
  letterButton,
  listRequests,
  nameCell,
  offsetsOf,
  scroller,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
} from './testing/namesTestKit';

// Paging, filters and the address. The fixture list has 137 names: pages of 50, 50 and 37.
jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

async function chooseOption(label: string, option: string) {
  const user = userEvent.setup();
  const filters = screen.getByRole('region', { name: 'Filters' });
  await user.click(within(filters).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Manage Names list', () => {
  it('shows the first page of 50, asked for with the spec parameters, and no more while the page is long', async () => {
    renderNamesPage();
    expect(await screen.findByRole('heading', { name: 'Manage Names', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));

    const [first] = listRequests(requests);
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ gender: 'all', nationality: 'all', limit: '50', offset: '0' });
    // The grid holds the 50 rows but puts only those in view into the DOM (autoHeight rendered every
    // loaded row, and each click re-rendered them all).
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '51');
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(30);
    expect(dataRows()[0]).toHaveTextContent('Aisling');
    // the page is far taller than the viewport: nothing else is fetched
    await new Promise((r) => setTimeout(r, 100));
    expect(offsetsOf(requests)).toEqual([0]);
  });

  it('loads the next page within 300 px of the page bottom, and stops after a short page', async () => {
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));

    scroller.scrollTo(301); // just outside the threshold
    await new Promise((r) => setTimeout(r, 100));
    expect(offsetsOf(requests)).toEqual([0]);

    scroller.scrollTo(300);
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    expect(offsetsOf(requests)).toEqual([0, 50]);

    scroller.scrollTo(0);
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 137 of 137 names$/));
    expect(offsetsOf(requests)).toEqual([0, 50, 100]);
    expect(screen.getByText('End of the list.')).toBeInTheDocument();

    // the last page was short: scrolling further asks for nothing
    scroller.scrollTo(0);
    scroller.scrollTo(10);
    await new Promise((r) => setTimeout(r, 100));
    expect(offsetsOf(requests)).toEqual([0, 50, 100]);
  });

  it('shows a loading line while the next page is on its way, and asks for it once', async () => {
    let release: () => void = () => {};
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    server.use(
      http.get('*/api/names', async ({ request }) => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json(queryNames(new URL(request.url).searchParams));
      }),
    );
    scroller.scrollTo(100);
    expect(await screen.findByText('Loading more names…')).toBeInTheDocument();
    // more scroll events while the page is in flight
    scroller.scrollTo(50);
    scroller.scrollTo(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(offsetsOf(requests)).toEqual([0, 50]);
    release();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    expect(screen.queryByText('Loading more names…')).not.toBeInTheDocument();
  });

  it('keeps loading while the rows do not fill the screen', async () => {
    scroller.clientHeight = 8000; // a grid taller than all 137 rows
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 137 of 137 names$/));
    expect(offsetsOf(requests)).toEqual([0, 50, 100]);
  });

  it('a filter change starts again at the first page with the new parameters, and writes the address', async () => {
    const user = userEvent.setup();
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    scroller.scrollTo(0);
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    requests.length = 0;
    scroller.scrollTop = 0;

    // 62 male names: a full first page, and only that page although two were loaded before
    await chooseOption('Gender', 'male');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 62 names$/));
    await new Promise((r) => setTimeout(r, 100));
    expect(listRequests(requests).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { gender: 'male', nationality: 'all', limit: '50', offset: '0' },
    ]);
    expect(new URLSearchParams(router.state.location.search).get('gender')).toBe('male');

    requests.length = 0;
    await user.click(letterButton('Á'));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 2 of 2 names$/));
    expect(listRequests(requests).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { gender: 'male', nationality: 'all', limit: '50', offset: '0', alphabetFilter: 'Á' },
    ]);
    // Á is a letter of its own: Árni yes, Arthur no
    expect(nameCell('Árni')).toBeInTheDocument();
    expect(nameCell('Arthur')).not.toBeInTheDocument();
    expect(letterButton('Á')).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(router.state.location.search).get('letter')).toBe('Á');

    requests.length = 0;
    await chooseOption('Gender', 'female');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 1 of 1 name$/));
    expect(listRequests(requests).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { gender: 'female', nationality: 'all', limit: '50', offset: '0', alphabetFilter: 'Á' },
    ]);

    requests.length = 0;
    await user.click(letterButton('All'));
    await chooseOption('Nationality', 'irish');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 10 of 10 names$/));
    const last = listRequests(requests).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ gender: 'female', nationality: 'irish', limit: '50', offset: '0' });
    expect(router.state.location.search).toBe('?gender=female&nationality=irish');
  });

  it('opens a shared link with its filters, without fetching the unfiltered list first', async () => {
    renderNamesPage('/manage-names?letter=%C3%96&gender=male&nationality=icelandic');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 1 of 1 name$/));
    expect(nameCell('Örn')).toBeInTheDocument();
    expect(listRequests(requests).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { gender: 'male', nationality: 'icelandic', limit: '50', offset: '0', alphabetFilter: 'Ö' },
    ]);
    expect(letterButton('Ö')).toHaveAttribute('aria-pressed', 'true');
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Gender' })).toHaveTextContent('male');
    expect(within(filters).getByRole('combobox', { name: 'Nationality' })).toHaveTextContent('icelandic');
  });

  it('accepts an answer shaped as an object with names', async () => {
    server.use(http.get('*/api/names', ({ request }) => HttpResponse.json({ names: queryNames(new URL(request.url).searchParams) })));
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 names$/));
    // Without a total from the backend, the line says what is loaded and no more.
    expect(countText()).toHaveTextContent(/^Showing 50 names$/);
  });

  it('says when the names cannot be loaded, and Retry loads them', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/names', () => HttpResponse.json({ error: 'Internal Server Error', message: 'boom' }, { status: 500 })));
    renderNamesPage();
    expect(await screen.findByText('Failed to load names. Please check your connection and try again.')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    expect(screen.queryByText('Failed to load names. Please check your connection and try again.')).not.toBeInTheDocument();
  });

  it('retries only the next page when that is what failed', async () => {
    const user = userEvent.setup();
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    server.use(http.get('*/api/names', () => HttpResponse.error()));
    scroller.scrollTo(0);
    expect(await screen.findByText('Failed to load names. Please check your connection and try again.')).toBeInTheDocument();
    // the rows already loaded stay
    expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/);
    server.resetHandlers();
    requests.length = 0;
    scroller.scrollTop = 0; // the operator scrolled back up: only the failed page is wanted
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    expect(offsetsOf(requests)).toEqual([50]);
  });

  it('says when the nationality filters cannot be loaded', async () => {
    server.use(http.get('*/api/names/nationalities', () => HttpResponse.error()));
    renderNamesPage();
    expect(await screen.findByText('Failed to load nationality filters. Please check your connection.')).toBeInTheDocument();
    // the list itself still works
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
  });
});
