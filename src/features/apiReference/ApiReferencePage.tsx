// API Reference (/api-reference): the API's contract as the server publishes it (GET /api/openapi.json, built from
// contract/openapi.ts), read for an operator or a developer: the operations grouped by tag (by their path under /api
// when untagged, as the contract's are), each with its parameters, request body and answers, a filter over method,
// path and summary kept in the address (?q=) so a filtered view can be linked, and the document to download.
// Listed under More in the navigation (src/app/adminPages.ts) and linked from Database Admin's quick actions.
import { useDeferredValue, useMemo, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Container, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Search from '@mui/icons-material/Search';
import { errorReason, type ApiError } from '../../api/errors';
import { browserFileSinkHost } from '../../lib/export';
import { searchParamsWith } from '../../lib/searchParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { useGetOpenApiDocumentQuery } from './apiReferenceApi';
import { OperationAccordion } from './components/OperationAccordion';
import { filterOperations, groupOperations, isOpenApiDocument, readOperations, type OpenApiDocument } from './openApi';
import { RetryAlert } from '../../components/RetryAlert';
import { PageHeading } from '../../components/PageHeading';

export const DOCUMENT_FILE_NAME = 'openapi.json';

/** The load failure, with what a 404 means here: an API that does not publish its document. */
export function loadFailureText(error: unknown): string {
  const reason = errorReason(error);
  if ((error as Partial<ApiError> | null)?.status === 404) {
    return `Failed to load the API reference: ${reason} (this API does not publish an OpenAPI document at /api/openapi.json).`;
  }
  return `Failed to load the API reference: ${reason}`;
}

export const NOT_A_DOCUMENT_TEXT = 'The answer of /api/openapi.json is not an OpenAPI document (it has no paths).';

/** The document as a file: the JSON as it arrived, indented as the repository's openapi.json is (scripts/openapi.ts). */
export function downloadDocument(document: OpenApiDocument, host = browserFileSinkHost()): void {
  host.download(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }), DOCUMENT_FILE_NAME);
}

const countText = (shown: number, total: number) =>
  shown === total ? `${total} ${total === 1 ? 'operation' : 'operations'}` : `${shown} of ${total} operations`;

function Reference({ document }: { document: OpenApiDocument }) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('q') ?? '';
  // Typing stays quick while the list of ~100 accordions catches up.
  const deferredFilter = useDeferredValue(filter);
  const operations = useMemo(() => readOperations(document), [document]);
  const shown = useMemo(() => filterOperations(operations, deferredFilter), [operations, deferredFilter]);
  const groups = useMemo(() => groupOperations(document, shown), [document, shown]);

  const onFilter = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    // replace: a history entry per keystroke would make Back step through the typing.
    setParams((previous) => searchParamsWith(previous, [['q', value, '']]), { replace: true });
  };

  const { info } = document;
  return (
    <Stack spacing={3}>
      <Box>
        {info?.title && (
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {info.title}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {[info?.version && `Version ${info.version}`, document.openapi && `OpenAPI ${document.openapi}`].filter(Boolean).join(' · ')}
        </Typography>
        {info?.description && (
          <Typography variant="body2" sx={{ mt: 1, maxWidth: 900, whiteSpace: 'pre-line' }}>
            {info.description}
          </Typography>
        )}
      </Box>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          label="Filter operations"
          type="search"
          size="small"
          value={filter}
          onChange={onFilter}
          placeholder="Method, path or summary"
          sx={{ width: { xs: '100%', sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="operations-count">
          {countText(shown.length, operations.length)}
        </Typography>
      </Stack>

      {operations.length === 0 && <Alert severity="info">The document lists no operations.</Alert>}
      {operations.length > 0 && shown.length === 0 && <Alert severity="info">{`No operation matches “${deferredFilter.trim()}”.`}</Alert>}

      {groups.map((group) => {
        const headingId = `group-${group.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
        return (
          <Box component="section" key={group.name} aria-labelledby={headingId}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography
                id={headingId}
                variant="h6"
                component="h2"
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
              >
                {group.name}
              </Typography>
              <Chip size="small" label={group.operations.length} aria-label={countText(group.operations.length, group.operations.length)} />
            </Stack>
            {group.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {group.description}
              </Typography>
            )}
            <Stack spacing={1}>
              {group.operations.map((operation) => (
                <OperationAccordion key={operation.key} operation={operation} document={document} />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

export default function ApiReferencePage() {
  usePageTitle('API Reference');
  const query = useGetOpenApiDocumentQuery();
  const document = isOpenApiDocument(query.data) ? query.data : undefined;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageHeading title="API Reference" rowGap={1.5}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={!document}
          onClick={() => document && downloadDocument(document)}
        >
          Download {DOCUMENT_FILE_NAME}
        </Button>
      </PageHeading>
      {query.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the API reference" />
        </Box>
      )}
      {query.isError && <RetryAlert onRetry={() => void query.refetch()}>{loadFailureText(query.error)}</RetryAlert>}
      {query.isSuccess && !document && <Alert severity="error">{NOT_A_DOCUMENT_TEXT}</Alert>}
      {document && <Reference document={document} />}
    </Container>
  );
}
