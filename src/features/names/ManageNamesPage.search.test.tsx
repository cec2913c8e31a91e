import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { namesDb } from '../../../mocks/names.handlers';
import { SEARCH_FIELD_DEBOUNCE_MS } from '../../components/SearchField';
import { namesSearchCountText } from './components/NamesTableSection';
import {
  countText,
  dataRows,
  letterButton,
  listRequests,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  scroller,
} from './testing/namesTestKit';

// The search box of Manage Names (GET /names?q=, contract/nameSearch.ts): kept in the address with the filters,
// applied after a pause in typing, a new list from its first page. The fixture list has 137 names, among them
// Sigrid, Sigríður, Ægir and Þóra; the mock backend searches as the server does (mocks/names.handlers.ts).
jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

const searchBox = () => screen.getByRole('searchbox', { name: 'Search names' });
const shownNames = () => dataRows().map((row) => row.querySelector('[data-field="name"]')?.textContent);
const searchedFor = () => listRequests(requests).map((r) => r.url.searchParams.get('q'));

describe('namesSearchCountText', () => {
  const summary = (prefixMatches: number, containsMatches: number, closeMatches: number) => ({
    q: 'x',
    key: 'x',
    prefixMatches,
    containsMatches,
    closeMatches,
    exact: true,
  });

  it('says how many match, and how many of them are close spellings', () => {
    expect(namesSearchCountText('sig', 50, 1234, summary(1000, 234, 0))).toBe('Showing 50 of 1,234 names matching “sig”');
    expect(namesSearchCountText('sigridur', 2, 2, summary(1, 0, 1))).toBe(
      'Showing 2 of 2 names for “sigridur”: 1 matching, 1 close spelling',
    );
    expect(namesSearchCountText('Sigridr', 3, 3, summary(0, 0, 3))).toBe(
      'No name starts with or contains “Sigridr”: showing 3 of 3 close spellings',
    );
    expect(namesSearchCountText('zz', 0, 0, summary(0, 0, 0))).toBe('No names match “zz”');
  });

  it('says "more than" when the backend counted only up to its bound', () => {
    expect(namesSearchCountText('kar', 50, 1001, { ...summary(1001, 0, 0), exact: false })).toBe(
      'Showing 50 of more than 1,000 names matching “kar”',
    );
  });

  it('never calls names matches when the backend did not say it searched', () => {
    expect(namesSearchCountText('sig', 50, 137, undefined)).toBe(
      'Showing 50 of 137 names: the names API did not say it applied the search “sig”',
    );
  });
});

describe('searching Manage Names', () => {
  it('applies what is typed after a pause, once, and keeps it in the address', async () => {
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    requests.length = 0;

    // Three keys in a row, faster than the pause: one search, for the whole word.
    fireEvent.change(searchBox(), { target: { value: 's' } });
    fireEvent.change(searchBox(), { target: { value: 'si' } });
    fireEvent.change(searchBox(), { target: { value: 'sigridur' } });
    expect(router.state.location.search).toBe('');
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_FIELD_DEBOUNCE_MS / 2)));
    expect(searchedFor()).toEqual([]);

    await waitFor(() => expect(router.state.location.search).toBe('?q=sigridur'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(countText()).toHaveTextContent('Showing 2 of 2 names for “sigridur”: 1 matching, 1 close spelling'));
    expect(shownNames()).toEqual(['Sigríður', 'Sigrid']);
    expect(searchedFor()).toEqual(['sigridur']);
    expect(listRequests(requests)[0]!.url.searchParams.get('offset')).toBe('0');
  });

  it('finds Ægir by “aegir” and Þóra by “thora”; says when nothing matches', async () => {
    renderNamesPage('/manage-names?q=aegir');
    expect(searchBox()).toHaveValue('aegir');
    await waitFor(() => expect(shownNames()).toEqual(['Ægir']));
    expect(countText()).toHaveTextContent('Showing 1 of 1 name matching “aegir”');

    fireEvent.change(searchBox(), { target: { value: 'thora' } });
    await waitFor(() => expect(shownNames()[0]).toBe('Þóra'));

    fireEvent.change(searchBox(), { target: { value: 'qqqq' } });
    await waitFor(() => expect(countText()).toHaveTextContent('No names match “qqqq”'));
    expect(screen.getByText('No names match “qqqq”.')).toBeInTheDocument();
  });

  it('Enter searches at once, Escape clears the search at once', async () => {
    const user = userEvent.setup();
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    await user.type(searchBox(), 'Sigridr{Enter}');
    expect(router.state.location.search).toBe('?q=Sigridr');
    await waitFor(() => expect(countText()).toHaveTextContent('No name starts with or contains “Sigridr”: showing 2 of 2 close spellings'));
    expect(shownNames()).toEqual(['Sigrid', 'Sigríður']);

    await user.keyboard('{Escape}');
    expect(searchBox()).toHaveValue('');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
  });

  it('Back restores the search and the filters it was combined with', async () => {
    const user = userEvent.setup();
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));

    fireEvent.change(searchBox(), { target: { value: 'an' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=an'));
    await waitFor(() => expect(countText()).toHaveTextContent(/matching “an”$/));
    const searchedCount = countText().textContent;

    await user.click(letterButton('E'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=an&letter=E'));
    await waitFor(() => expect(countText()).not.toHaveTextContent(searchedCount!));
    const last = listRequests(requests).at(-1)!.url.searchParams;
    expect([last.get('q'), last.get('alphabetFilter')]).toEqual(['an', 'E']);
    expect(shownNames().every((name) => name!.startsWith('E'))).toBe(true);

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=an');
    await waitFor(() => expect(countText()).toHaveTextContent(searchedCount!));
    expect(searchBox()).toHaveValue('an');
    expect(letterButton('All')).toHaveAttribute('aria-pressed', 'true');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
  });

  it('combines with the gender filter', async () => {
    renderNamesPage('/manage-names?gender=female');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of \d+ names$/));
    fireEvent.change(searchBox(), { target: { value: 'sig' } });
    await waitFor(() => expect(countText()).toHaveTextContent(/matching “sig”$/));
    const last = listRequests(requests).at(-1)!.url.searchParams;
    expect([last.get('q'), last.get('gender')]).toEqual(['sig', 'female']);
    expect(shownNames()).toEqual(
      namesDb.records
        .filter((r) => r.gender === 'female' && /^sig/i.test(r.name))
        .map((r) => r.name)
        .sort(),
    );
  });

  it('starts the list again at its first page when the search changes', async () => {
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    scroller.scrollTo(0);
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 100 of 137 names$/));
    requests.length = 0;

    fireEvent.change(searchBox(), { target: { value: 'a' } });
    await waitFor(() => expect(countText()).toHaveTextContent(/matching “a”$/));
    expect(listRequests(requests).map((r) => [r.url.searchParams.get('q'), r.url.searchParams.get('offset')])).toEqual([['a', '0']]);
    expect(scroller.scrollTop).toBe(0);
  });

  it('refuses text the API would refuse, without asking it', async () => {
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    requests.length = 0;
    fireEvent.change(searchBox(), { target: { value: 'an\u200Bna' } });
    expect(await screen.findByText('The search must not contain zero-width characters (such as U+200B)')).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('aria-invalid', 'true');
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_FIELD_DEBOUNCE_MS * 2)));
    expect(searchedFor()).toEqual([]);
    expect(router.state.location.search).toBe('');
  });

  it('says so when the names API answers without searching', async () => {
    namesDb.ignoresSearch = true;
    renderNamesPage('/manage-names?q=sig');
    await waitFor(() =>
      expect(countText()).toHaveTextContent('Showing 50 of 137 names: the names API did not say it applied the search “sig”'),
    );
  });

  it('is labelled and says how it matches', () => {
    renderNamesPage();
    expect(searchBox()).toHaveAccessibleDescription('Case and accents are ignored: “sigridur” finds Sigríður, “aegir” finds Ægir.');
  });
});
