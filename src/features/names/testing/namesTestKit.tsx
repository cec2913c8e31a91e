// Shared set-up for the Manage Names screen tests (not a test file itself).
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import { namesDb } from '../../../../mocks/names.handlers';
import ManageNamesPage from '../ManageNamesPage';

// The grid renders every loaded row in jsdom, which is slow on a busy machine: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

export interface RecordedRequest {
  method: string;
  url: URL;
  /** the body as text (read from a clone, so the handler still gets it) */
  body: Promise<string>;
}

/** Records every request to the names API for the current test. Call at module level of a test file. */
export function recordNamesRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/names')) return;
    requests.push({ method: request.method, url, body: request.clone().text() });
  };
  beforeEach(() => {
    requests.length = 0;
    server.events.on('request:start', listener);
  });
  afterEach(() => {
    server.events.removeListener('request:start', listener);
  });
  return requests;
}

/** GET /names (the list itself, not /names/nationalities) */
export function listRequests(requests: RecordedRequest[]) {
  return requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/names');
}

export function offsetsOf(requests: RecordedRequest[]) {
  return listRequests(requests).map((r) => Number(r.url.searchParams.get('offset')));
}

/** What the page around the grid adds to its height in these tests (title, form, filters). */
const PAGE_CHROME_PX = 700;
const ROW_PX = 52;

/**
 * jsdom has no layout: the page's height, the viewport and the scroll position are stubbed here, and the
 * infinite-scroll hook reads them like a browser's. By default the page grows with the grid rows in the
 * DOM, as it does in a browser; `fixedHeight` pins it (e.g. a page shorter than the viewport).
 */
export const page = {
  fixedHeight: null as number | null,
  innerHeight: 800,
  scrollY: 0,
  get scrollHeight(): number {
    return page.fixedHeight ?? PAGE_CHROME_PX + document.querySelectorAll('[role="row"]').length * ROW_PX;
  },
  install() {
    beforeAll(() => {
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => page.scrollHeight });
      Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => page.innerHeight });
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => page.scrollY });
    });
    beforeEach(() => {
      page.fixedHeight = null;
      page.innerHeight = 800;
      page.scrollY = 0;
    });
  },
  /** Scrolls so the viewport bottom is `fromBottom` px above the page bottom, and fires the scroll event. */
  scrollTo(fromBottom: number) {
    act(() => {
      page.scrollY = Math.max(0, page.scrollHeight - page.innerHeight - fromBottom);
      fireEvent.scroll(window);
    });
  },
};

export function resetNamesBackend() {
  beforeEach(() => namesDb.reset());
}

export function renderNamesPage(route = '/manage-names') {
  return renderWithProviders(<ManageNamesPage />, { preloadedState: signedInAdminState, route });
}

// Plain selectors for the grid: role queries compute accessible names for every element, which is slow
// with hundreds of grid cells in jsdom.

/** The name cell showing `name`, or null. */
export function nameCell(name: string): HTMLElement | null {
  return (
    Array.from(document.querySelectorAll<HTMLElement>('[role="gridcell"][data-field="name"]')).find((c) => c.textContent === name) ?? null
  );
}

/** The data rows the grid has rendered. */
export function dataRows(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[role="row"][data-id]'));
}

/** The grid row showing `name`. */
export function rowOf(name: string): HTMLElement {
  const row = nameCell(name)?.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

export function rowButton(name: string, label: 'Edit' | 'Delete' | 'Save' | 'Cancel') {
  return within(rowOf(name)).getByRole('button', { name: label });
}

/** The row currently in edit mode. */
export function editingRow(): HTMLElement {
  const rows = dataRows().filter((row) => row.classList.contains('MuiDataGrid-row--editing'));
  if (rows.length !== 1) throw new Error(`expected one row in edit mode, found ${rows.length}`);
  return rows[0];
}

/** A button of the letter filter. */
export function letterButton(letter: string) {
  return within(screen.getByRole('group', { name: 'Filter by first letter' })).getByRole('button', { name: letter });
}

export const countText = () => screen.getByTestId('names-count');
