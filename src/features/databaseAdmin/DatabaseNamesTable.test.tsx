import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { namesDb } from '../../../mocks/names.handlers';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import { DatabaseNamesTable, databaseNamesStatus } from './components/DatabaseNamesTable';
import { databaseNamesViewOf, DEFAULT_DATABASE_NAMES_VIEW, searchParamsWithDatabaseNamesView } from './databaseNamesUrl';

// Database Admin's names table: filters, search and page in the address (Back restores them), paging reset on
// every change, the search box as on Manage Names. The mock backend holds the 137 fixture names.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const listed: URL[] = [];
const onRequest = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname === '/api/names') listed.push(url);
};
beforeEach(() => {
  namesDb.reset();
  listed.length = 0;
  server.events.on('request:start', onRequest);
});
afterEach(() => {
  server.events.removeListener('request:start', onRequest);
});

const renderTable = (route = '/database-admin') =>
  renderWithProviders(<DatabaseNamesTable />, { route, preloadedState: signedInAdminState });
const status = () => screen.getByRole('status');
const searchBox = () => screen.getByRole('searchbox', { name: 'Search names' });
const shownNames = () =>
  within(screen.getByRole('table', { name: 'Names' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent);
const lastList = () => listed.at(-1)!.searchParams;

describe('databaseNamesStatus', () => {
  const summary = { q: 'sig', key: 'sig', prefixMatches: 3, containsMatches: 1, closeMatches: 0, exact: true };
  it('says the page, the total and what a search matched', () => {
    expect(databaseNamesStatus(2, 137, '', undefined)).toBe('Page 2 of 3 · 137 names');
    expect(databaseNamesStatus(1, 4, 'sig', summary)).toBe('Page 1 of 1 · 4 names match “sig”');
    expect(databaseNamesStatus(1, 1, 'sig', { ...summary, prefixMatches: 1, containsMatches: 0 })).toBe(
      'Page 1 of 1 · 1 name matches “sig”',
    );
    expect(databaseNamesStatus(1, 6, 'sigridr', { ...summary, prefixMatches: 0, containsMatches: 0, closeMatches: 6 })).toBe(
      'Page 1 of 1 · 6 names match “sigridr”, 6 of them close spellings',
    );
    expect(databaseNamesStatus(2, 1001, 'kar', { ...summary, prefixMatches: 1001, containsMatches: 0, exact: false })).toBe(
      'Page 2 · more than 1,000 names match “kar”',
    );
    expect(databaseNamesStatus(1, 137, 'sig', null)).toBe(
      'Page 1 of 3 · 137 names · the names API did not say it applied the search “sig”',
    );
  });
});

describe('the table in the address', () => {
  it('reads and writes filters, search and page, leaving defaults out', () => {
    const view = { letter: 'Á', gender: 'female', nationality: 'icelandic', search: 'sig', page: 3 } as const;
    const params = searchParamsWithDatabaseNamesView(view, new URLSearchParams('other=1'));
    expect(params.toString()).toBe('other=1&letter=%C3%81&gender=female&nationality=icelandic&q=sig&page=3');
    expect(databaseNamesViewOf(params)).toEqual(view);
    expect(searchParamsWithDatabaseNamesView(DEFAULT_DATABASE_NAMES_VIEW, params).toString()).toBe('other=1');
    expect(databaseNamesViewOf(new URLSearchParams('letter=ab&gender=x&page=0&q=%20'))).toEqual(DEFAULT_DATABASE_NAMES_VIEW);
    expect(databaseNamesViewOf(new URLSearchParams(`letter=${encodeURIComponent('a\u0301')}&nationality=Irish`))).toMatchObject({
      letter: 'Á',
      nationality: 'irish',
    });
  });
});

describe('Database Admin names table', () => {
  it('searches after a pause, from page one, and keeps the search in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderTable();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 of 3 · 137 names'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(status()).toHaveTextContent('Page 2 of 3 · 137 names'));
    expect(router.state.location.search).toBe('?page=2');
    listed.length = 0;

    fireEvent.change(searchBox(), { target: { value: 's' } });
    fireEvent.change(searchBox(), { target: { value: 'sigridur' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=sigridur'));
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 of 1 · 2 names match “sigridur”, 1 of them a close spelling'));
    expect(shownNames()).toEqual(['Sigríður', 'Sigrid']);
    expect(listed.map((url) => [url.searchParams.get('q'), url.searchParams.get('offset')])).toEqual([['sigridur', '0']]);
  });

  it('combines the search with the filters, and Back restores each step', async () => {
    const user = userEvent.setup();
    const { router } = renderTable();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 of 3 · 137 names'));
    fireEvent.change(searchBox(), { target: { value: 'a' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=a'));
    await waitFor(() => expect(status()).toHaveTextContent(/names? match “a”$/));
    const searched = status().textContent!;

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByRole('option', { name: 'female' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=a&gender=female'));
    await waitFor(() => expect(status()).not.toHaveTextContent(searched));
    expect([lastList().get('q'), lastList().get('gender'), lastList().get('offset')]).toEqual(['a', 'female', '0']);
    expect(shownNames().length).toBeGreaterThan(0);
    for (const name of shownNames()) {
      expect(namesDb.records.find((r) => r.name === name)).toMatchObject({ gender: 'female' });
    }

    await act(() => router.navigate(-1));
    await waitFor(() => expect(status()).toHaveTextContent(searched));
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('All');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 of 3 · 137 names'));
  });

  it('Escape clears the search; a search that finds nothing says so', async () => {
    const user = userEvent.setup();
    const { router } = renderTable('/database-admin?q=qqqq');
    await waitFor(() => expect(screen.getByText('No names match “qqqq”.')).toBeInTheDocument());
    await user.click(searchBox());
    await user.keyboard('{Escape}');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 of 3 · 137 names'));
  });

  it('says so when the names API answers without searching', async () => {
    namesDb.ignoresSearch = true;
    renderTable('/database-admin?q=sig');
    await waitFor(() =>
      expect(status()).toHaveTextContent('Page 1 of 3 · 137 names · the names API did not say it applied the search “sig”'),
    );
  });
});
