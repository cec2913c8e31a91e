import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { namesDb } from '../../../mocks/names.handlers';
import { namesCountText } from './components/NamesTableSection';
import {
  countText,
  letterButton,
  listRequests,
  recordNamesRequests,
  renderNamesPage,
  resetNamesBackend,
  scroller,
} from './testing/namesTestKit';

// The filters are history entries (Back steps through them), the page has its title, and the
// count line says how many names match the filters in all. The fixture list has 137 names.
jest.setTimeout(90_000);
const requests = recordNamesRequests();
scroller.install();
resetNamesBackend();

describe('namesCountText', () => {
  it('says what is loaded of how many, with thousands separators', () => {
    expect(namesCountText(50, 20000)).toBe('Showing 50 of 20,000 names');
    expect(namesCountText(1, 1)).toBe('Showing 1 of 1 name');
    expect(namesCountText(0, 0)).toBe('Showing 0 of 0 names');
    expect(namesCountText(1500)).toBe('Showing 1,500 names');
  });

  it('says "about" for an estimate, and never shows fewer in all than on screen', () => {
    expect(namesCountText(50, 1234567, true)).toBe('Showing 50 of about 1,234,567 names');
    expect(namesCountText(60, 55)).toBe('Showing 60 of 60 names');
  });
});

describe('Manage Names and the browser history', () => {
  it('sets the document title', async () => {
    renderNamesPage();
    await waitFor(() => expect(document.title).toBe('Manage Names · Baby Names Admin Console'));
  });

  it('pushes one history entry per filter change, and Back steps back through them', async () => {
    const user = userEvent.setup();
    const { router } = renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));

    await user.click(letterButton('E'));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.search).toBe('?letter=E');

    await user.click(letterButton('Á'));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 3 of 3 names$/));
    expect(router.state.location.search).toBe('?letter=%C3%81');

    requests.length = 0;
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?letter=E');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
    expect(letterButton('E')).toHaveAttribute('aria-pressed', 'true');
    expect(listRequests(requests).map((r) => r.url.searchParams.get('alphabetFilter'))).toEqual(['E']);

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    expect(letterButton('All')).toHaveAttribute('aria-pressed', 'true');

    await act(() => router.navigate(1));
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 9 of 9 names$/));
  });

  it('tidies a hand-written address in place instead of adding an entry', async () => {
    const { router } = renderNamesPage('/manage-names?letter=e&gender=FEMALE');
    await waitFor(() => expect(router.state.location.search).toBe('?letter=E&gender=female'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says "about" when the backend could only estimate the total', async () => {
    namesDb.estimateTotals = true;
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of about 137 names$/));
  });

  it('takes a bare list (spec 7) and then counts only what is loaded', async () => {
    namesDb.listShape = 'list';
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 names$/));
  });

  it('scrolls the grid back to its first row when the filters change', async () => {
    const user = userEvent.setup();
    renderNamesPage();
    await waitFor(() => expect(countText()).toHaveTextContent(/^Showing 50 of 137 names$/));
    scroller.scrollTo(400);
    expect(scroller.scrollTop).toBeGreaterThan(1000);
    await user.click(within(screen.getByRole('group', { name: 'Filter by first letter' })).getByRole('button', { name: 'B' }));
    await waitFor(() => expect(scroller.scrollTop).toBe(0));
  });
});
