// One operation of the API Reference: its method and path (and summary) as the accordion's heading button, and, when
// opened, its description, parameters, request body and answers by status. The details mount only while open: a
// document of ~100 operations would otherwise render every schema up front.
import { memo } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { describeSchema, methodColor, type OpenApiDocument, type OpenApiMediaType, type Operation } from '../openApi';
import { SchemaView } from './SchemaView';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** An element id from an operation key ('GET /api/names/{id}' -> 'op-get-api-names-id'). */
export const operationDomId = (key: string) =>
  `op-${key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

export function MethodChip({ method }: { method: Operation['method'] }) {
  const color = methodColor(method);
  return (
    <Chip
      label={method.toUpperCase()}
      color={color}
      size="small"
      sx={(theme) => ({
        fontFamily: MONO,
        fontWeight: 700,
        minWidth: 68,
        borderRadius: 1,
        // Dark mode's error red takes white text from MUI (3.7:1, under WCAG's 4.5:1; axe found it on DELETE): the dark
        // text its other colours get reads at 5.3:1 on it too.
        ...(theme.palette.mode === 'dark' && color !== 'default' ? { color: 'rgba(0, 0, 0, 0.87)' } : {}),
      })}
    />
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

function Parameters({ operation, document }: { operation: Operation; document: OpenApiDocument }) {
  if (operation.parameters.length === 0) return null;
  return (
    <>
      <SectionTitle>Parameters</SectionTitle>
      <TableContainer>
        <Table size="small" aria-label={`Parameters of ${operation.key}`}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>In</TableCell>
              <TableCell>Required</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Constraints and description</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {operation.parameters.map((parameter) => {
              const node = describeSchema(document, parameter.schema);
              const notes = [...node.constraints, ...(parameter.deprecated ? ['deprecated'] : [])].join(' · ');
              const description = parameter.description ?? node.description;
              return (
                <TableRow key={`${parameter.in}:${parameter.name}`}>
                  <TableCell sx={{ fontFamily: MONO, fontWeight: 600 }}>{parameter.name}</TableCell>
                  <TableCell>{parameter.in}</TableCell>
                  <TableCell>{parameter.required ? 'yes' : 'no'}</TableCell>
                  <TableCell sx={{ fontFamily: MONO }}>{node.type}</TableCell>
                  <TableCell>
                    {notes}
                    {notes && description ? ' — ' : ''}
                    {description}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function Content({ content, document }: { content: Record<string, OpenApiMediaType> | undefined; document: OpenApiDocument }) {
  const entries = Object.entries(content ?? {});
  if (entries.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 0.5 }}>
      {entries.map(([mediaType, media]) => (
        <Box key={mediaType}>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO }}>
            {mediaType}
          </Typography>
          {media.schema !== undefined ? <SchemaView document={document} schema={media.schema} /> : null}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The contract's operation ids are the method and path again ('GET /api/names', path parameters as `:id` or `{id}`:
 * contract/openapi.ts): such an id is not shown, only one that says more.
 */
const repeatsKey = ({ operationId, key }: Operation) => operationId === key || operationId === key.replace(/\{([^}]+)\}/g, ':$1');

const statusColor = (status: string) =>
  /^2/.test(status) ? 'success' : /^[45]/.test(status) || status === 'default' ? 'error' : 'default';

function Details({ operation, document }: { operation: Operation; document: OpenApiDocument }) {
  const { requestBody } = operation;
  return (
    <AccordionDetails sx={{ pt: 0 }}>
      {operation.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {operation.description}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: operation.description ? 1 : 0 }}>
        {operation.operationId && !repeatsKey(operation) && (
          <>
            Operation id <code>{operation.operationId}</code> ·{' '}
          </>
        )}
        {operation.security.length > 0 ? `Security: ${operation.security.join(', ')}` : 'Security: none declared'}
      </Typography>
      <Parameters operation={operation} document={document} />
      {requestBody && (
        <>
          <SectionTitle>{requestBody.required ? 'Request body (required)' : 'Request body (optional)'}</SectionTitle>
          {requestBody.description && <Typography variant="body2">{requestBody.description}</Typography>}
          <Content content={requestBody.content} document={document} />
        </>
      )}
      {operation.responses.length > 0 && (
        <>
          <SectionTitle>Responses</SectionTitle>
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`Responses of ${operation.key}`}>
            {operation.responses.map(({ status, response }) => (
              <Box component="li" key={status}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip label={status} size="small" variant="outlined" color={statusColor(status)} sx={{ fontFamily: MONO }} />
                  <Typography variant="body2">{response.description}</Typography>
                </Stack>
                <Box sx={{ pl: 1 }}>
                  <Content content={response.content} document={document} />
                </Box>
              </Box>
            ))}
          </Stack>
        </>
      )}
    </AccordionDetails>
  );
}

export interface OperationAccordionProps {
  operation: Operation;
  document: OpenApiDocument;
}

export const OperationAccordion = memo(function OperationAccordion({ operation, document }: OperationAccordionProps) {
  const id = operationDomId(operation.key);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={`${id}-summary`} aria-controls={`${id}-details`}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', rowGap: 0.5 }}>
          <MethodChip method={operation.method} />
          <Box
            component="code"
            sx={{
              fontFamily: MONO,
              fontSize: 14,
              fontWeight: 600,
              wordBreak: 'break-all',
              textDecoration: operation.deprecated ? 'line-through' : 'none',
            }}
          >
            {operation.path}
          </Box>
          {operation.deprecated && <Chip label="deprecated" size="small" />}
          {operation.summary && (
            <Typography variant="body2" color="text.secondary" component="span">
              {operation.summary}
            </Typography>
          )}
        </Stack>
      </AccordionSummary>
      <Details operation={operation} document={document} />
    </Accordion>
  );
});
