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
  /** the If-Match header: the version a write was based on */
  ifMatch: string | null;
  /** the body as text (read from a clone, so the handler still gets it) */
  body: Promise<string>;
}

/** Records every request to the names API for the current test. Call at module level of a test file. */
export function recordNamesRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/names')) return;
    requests.push({ method: request.method, url, ifMatch: request.headers.get('if-match'), body: request.clone().text() });
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

const HEADER_PX = 56;
const ROW_PX = 52;

/** The rows the grid holds (its aria-rowcount counts the header row too), whether or not they are in the DOM. */
function gridRowCount(): number {
  const count = Number(document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') ?? 1);
  return Math.max(0, count - 1);
}

const isGridScroller = (element: Element) => element.classList.contains('MuiDataGrid-virtualScroller');

/**
 * jsdom has no layout: the grid's scroller (what scrolls the names) gets its size and scroll
 * position from here, and the infinite-scroll hook reads them like a browser's. By default the content
 * grows with the rows the grid holds, as the grid lays them out in a browser; `fixedHeight` pins it.
 */
export const scroller = {
  fixedHeight: null as number | null,
  clientHeight: 800,
  scrollTop: 0,
  get scrollHeight(): number {
    return scroller.fixedHeight ?? Math.max(scroller.clientHeight, HEADER_PX + gridRowCount() * ROW_PX);
  },
  install() {
    const originals = {
      scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!,
      clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
      scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!,
    };
    beforeAll(() => {
      for (const key of ['scrollHeight', 'clientHeight', 'scrollTop'] as const) {
        Object.defineProperty(Element.prototype, key, {
          configurable: true,
          get(this: Element) {
            return isGridScroller(this) ? scroller[key] : originals[key].get!.call(this);
          },
          set(this: Element, value: number) {
            if (isGridScroller(this) && key === 'scrollTop') scroller.scrollTop = value;
            else originals[key].set?.call(this, value);
          },
        });
      }
    });
    afterAll(() => {
      for (const [key, descriptor] of Object.entries(originals)) Object.defineProperty(Element.prototype, key, descriptor);
    });
    beforeEach(() => {
      scroller.fixedHeight = null;
      scroller.clientHeight = 800;
      scroller.scrollTop = 0;
    });
  },
  /** Scrolls the grid back to its first row (the grid re-renders the rows in view on the scroll event). */
  scrollToTop() {
    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(document.querySelector('.MuiDataGrid-virtualScroller')!);
    });
  },
  /** Scrolls the grid so its visible bottom is `fromBottom` px above the end of its content, and fires the scroll event. */
  scrollTo(fromBottom: number) {
    act(() => {
      scroller.scrollTop = Math.max(0, scroller.scrollHeight - scroller.clientHeight - fromBottom);
      const element = document.querySelector('.MuiDataGrid-virtualScroller');
      if (!element) throw new Error('the grid has no scroller');
      fireEvent.scroll(element);
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
