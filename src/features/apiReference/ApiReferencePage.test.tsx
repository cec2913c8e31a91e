import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { OPENAPI_FIXTURE, OPENAPI_URL } from '../../../mocks/apiReference.handlers';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import ApiReferencePage, { DOCUMENT_FILE_NAME, NOT_A_DOCUMENT_TEXT } from './ApiReferencePage';
import type { OpenApiDocument } from './openApi';

// The default handler's document (mocks/apiReference.handlers.ts): untagged, one shared error schema by $ref.
const DOCUMENT = OPENAPI_FIXTURE as OpenApiDocument;

function serve(document: Record<string, unknown>) {
  server.use(http.get(OPENAPI_URL, () => HttpResponse.json(document)));
}

function renderPage(route = '/api-reference') {
  return renderWithProviders(<ApiReferencePage />, { route, preloadedState: signedInAdminState });
}

const operation = (name: RegExp) => screen.getByRole('button', { name });

describe('API Reference', () => {
  it('shows a spinner, then the operations grouped by their path under /api, each with its method, path and summary', async () => {
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading the API reference' })).toBeInTheDocument();
    expect(await screen.findByText('4 operations')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^API Reference/);
    expect(screen.getByRole('heading', { level: 1, name: 'API Reference' })).toBeInTheDocument();
    expect(screen.getByText('Baby Names test API')).toBeInTheDocument();
    expect(screen.getByText('Version 9.9.9 · OpenAPI 3.1.0')).toBeInTheDocument();

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['/api/names', '/auth']);
    const names = within(screen.getByRole('region', { name: '/api/names' }));
    // Each operation's heading is its accordion's button: method, path, summary.
    expect(names.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'GET/api/namesA page of names',
      'POST/api/namesAdd a name',
      'DELETE/api/names/{id}',
    ]);
    expect(operation(/^GET \/api\/names A page of names$/)).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens an operation from the keyboard: parameters with where they go, required, type and constraints; answers by status', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('4 operations');
    const get = operation(/^GET \/api\/names/);
    act(() => get.focus());
    await user.keyboard('{Enter}');
    expect(get).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: /^GET \/api\/names/ });

    const parameters = within(details).getByRole('table', { name: 'Parameters of GET /api/names' });
    const rows = within(parameters)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['limit', 'query', 'no', 'integer', '1 to 500 · default 50'],
      ['q', 'query', 'no', 'string', '1 to 100 characters'],
    ]);
    expect(details).toHaveTextContent('Operation id listNames · Security: bearer');

    // The answers, one item each (the schema trees inside hold lists of their own).
    const [ok, refusal] = Array.from(within(details).getByRole('list', { name: 'Responses of GET /api/names' }).children) as HTMLElement[];
    expect(ok).toHaveTextContent(/^200OKapplication\/jsonobject/);
    // The answer's tree: the array of objects with its items' properties, the enum as its values.
    expect(ok).toHaveTextContent('namesrequiredarray of object');
    expect(ok).toHaveTextContent('genderoptional"male" | "female"');
    expect(ok).toHaveTextContent('totalrequiredintegerat least 0');
    // The default answer's $ref is followed into components, and named.
    expect(refusal).toHaveTextContent(/^defaultA refusal/);
    expect(refusal).toHaveTextContent('object (ApiError)');
    expect(refusal).toHaveTextContent('messagerequiredstring');

    // The schema's own JSON, one click away.
    const [showJson] = within(refusal!).getAllByRole('button', { name: 'Show JSON schema' });
    await user.click(showJson!);
    // As written ($ref and all), in a region a keyboard can reach to scroll.
    const json = within(refusal!).getByRole('region', { name: 'JSON schema' });
    expect(json).toHaveTextContent('"$ref": "#/components/schemas/ApiError"');
    expect(json).toHaveAttribute('tabindex', '0');
    expect(within(refusal!).getByRole('button', { name: 'Hide JSON schema' })).toHaveAttribute('aria-expanded', 'true');

    // Space closes it again (a button, as the accordion's summary is).
    act(() => get.focus());
    await user.keyboard(' ');
    expect(get).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a request body and a path parameter', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('4 operations');
    await user.click(operation(/^POST \/api\/names/));
    const post = screen.getByRole('region', { name: /^POST \/api\/names/ });
    expect(within(post).getByRole('heading', { level: 4, name: 'Request body (required)' })).toBeInTheDocument();
    expect(post).toHaveTextContent('namerequiredstringat most 50 characters');
    expect(post).toHaveTextContent('nationalityoptionalstring');
    expect(post).toHaveTextContent('Security: none declared');

    await user.click(operation(/^DELETE \/api\/names\/\{id\}/));
    const del = screen.getByRole('region', { name: /^DELETE/ });
    const table = within(del).getByRole('table', { name: 'Parameters of DELETE /api/names/{id}' });
    expect(within(table).getByRole('row', { name: /^id path yes integer at least 1$/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^if-match header yes string/ })).toBeInTheDocument();
  });

  it('filters by method, path and summary, keeps the filter in the address, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('4 operations');
    const filter = screen.getByRole('searchbox', { name: 'Filter operations' });

    await user.type(filter, 'post');
    await waitFor(() => expect(screen.getByTestId('operations-count')).toHaveTextContent('2 of 4 operations'));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'POST/api/namesAdd a name',
      'POST/auth/sign-inSign in with e-mail and password',
    ]);
    expect(router.state.location.search).toBe('?q=post');

    await user.clear(filter);
    await user.type(filter, 'GET /api/names');
    await waitFor(() => expect(screen.getByTestId('operations-count')).toHaveTextContent('1 of 4 operations'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['/api/names']);

    await user.clear(filter);
    await user.type(filter, 'password');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'POST/auth/sign-inSign in with e-mail and password',
      ]),
    );

    await user.type(filter, ' nothing');
    expect(await screen.findByText('No operation matches “password nothing”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);

    await user.clear(filter);
    await waitFor(() => expect(screen.getByTestId('operations-count')).toHaveTextContent('4 operations'));
    expect(router.state.location.search).toBe('');
  });

  it('opens filtered when the address has a filter', async () => {
    renderPage('/api-reference?q=sign');
    expect(await screen.findByText('1 of 4 operations')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter operations' })).toHaveValue('sign');
  });

  it('downloads the document as openapi.json', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:openapi');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: { download: string; href: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    try {
      renderPage();
      const button = screen.getByRole('button', { name: `Download ${DOCUMENT_FILE_NAME}` });
      expect(button).toBeDisabled();
      await screen.findByText('4 operations');
      await user.click(button);
      expect(clicked).toEqual([{ download: 'openapi.json', href: 'blob:openapi' }]);
      const blob = createObjectURL.mock.calls[0]![0];
      expect(blob.type).toBe('application/json');
      expect(JSON.parse(await blob.text())).toEqual(DOCUMENT);
    } finally {
      click.mockRestore();
    }
  });

  it('shows the reason of a failure, and reads again on Retry', async () => {
    let calls = 0;
    server.use(
      http.get(OPENAPI_URL, async () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: 'internal', message: 'The database is not reachable' }, { status: 500 });
        await delay(20);
        return HttpResponse.json(DOCUMENT);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the API reference: The database is not reachable');
    expect(screen.getByRole('button', { name: `Download ${DOCUMENT_FILE_NAME}` })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('4 operations')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the API does not publish a document (404), and when its answer is not one', async () => {
    server.use(
      http.get(OPENAPI_URL, () =>
        HttpResponse.json({ error: 'not_found', message: 'Route GET:/api/openapi.json not found' }, { status: 404 }),
      ),
    );
    const first = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the API reference: Route GET:/api/openapi.json not found (this API does not publish an OpenAPI document at /api/openapi.json).',
    );
    first.unmount();

    serve({ hello: 'world' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_A_DOCUMENT_TEXT);
  });
});
