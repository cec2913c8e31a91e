// A JSON Schema as the API Reference shows it: a compact tree of types (describeSchema in ../openApi.ts), each
// property on one line with its type, whether it is required and its constraints, objects nested below; and the
// schema's own JSON one click away for anyone who wants every keyword.
import { useId, useMemo, useState } from 'react';
import { Box, Button, Collapse, Typography } from '@mui/material';
import DataObject from '@mui/icons-material/DataObject';
import { describeSchema, type OpenApiDocument, type SchemaNode } from '../openApi';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function TypeText({ node }: { node: SchemaNode }) {
  return (
    <Box component="code" sx={{ fontFamily: MONO, fontSize: 13, color: 'primary.main', wordBreak: 'break-word' }}>
      {node.type}
      {node.refName && node.refName !== node.type && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {` (${node.refName})`}
        </Box>
      )}
    </Box>
  );
}

function Notes({ node }: { node: SchemaNode }) {
  const notes = [...node.constraints];
  if (node.recursive) notes.push(`the ${node.refName ?? 'schema'} it is part of, again`);
  if (node.unresolved) notes.push(`reference not resolved: ${node.unresolved}`);
  return (
    <>
      {notes.length > 0 && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {notes.join(' · ')}
        </Typography>
      )}
      {node.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {node.description}
        </Typography>
      )}
    </>
  );
}

const listSx = { listStyle: 'none', m: 0, pl: 2, borderLeft: 1, borderColor: 'divider' } as const;

/** What is below a node: properties, map values, variants. */
function Children({ node }: { node: SchemaNode }) {
  if (!node.properties && !node.additional && !node.variants) return null;
  return (
    <>
      {(node.properties || node.additional) && (
        <Box component="ul" sx={listSx}>
          {node.properties?.map((property) => (
            <Box component="li" key={property.name} sx={{ py: 0.25 }}>
              <Box component="code" sx={{ fontFamily: MONO, fontSize: 13, fontWeight: 600 }}>
                {property.name}
              </Box>
              <Typography
                component="span"
                variant="caption"
                color={property.required ? 'text.primary' : 'text.secondary'}
                sx={{ mx: 1, fontWeight: property.required ? 600 : 400 }}
              >
                {property.required ? 'required' : 'optional'}
              </Typography>
              <TypeText node={property.node} />
              <Notes node={property.node} />
              <Children node={property.node} />
            </Box>
          ))}
          {node.additional && (
            <Box component="li" sx={{ py: 0.25 }}>
              <Box component="code" sx={{ fontFamily: MONO, fontSize: 13, fontWeight: 600 }}>
                [{node.additional.key}]
              </Box>{' '}
              <TypeText node={node.additional.node} />
              <Notes node={node.additional.node} />
              <Children node={node.additional.node} />
            </Box>
          )}
        </Box>
      )}
      {node.variants && (
        <Box component="ol" sx={{ ...listSx, listStyle: 'decimal inside' }} aria-label={node.variants.kind}>
          {node.variants.nodes.map((variant, index) => (
            <Box component="li" key={index} sx={{ py: 0.25 }}>
              <TypeText node={variant} />
              <Notes node={variant} />
              <Children node={variant} />
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

export interface SchemaViewProps {
  document: OpenApiDocument;
  schema: unknown;
}

export function SchemaView({ document, schema }: SchemaViewProps) {
  const node = useMemo(() => describeSchema(document, schema), [document, schema]);
  const [showJson, setShowJson] = useState(false);
  const jsonId = useId();
  return (
    <Box sx={{ mt: 0.5 }}>
      <Box>
        <TypeText node={node} />
        <Notes node={node} />
      </Box>
      <Children node={node} />
      <Button
        size="small"
        startIcon={<DataObject fontSize="small" />}
        onClick={() => setShowJson((shown) => !shown)}
        aria-expanded={showJson}
        aria-controls={showJson ? jsonId : undefined}
        sx={{ mt: 0.5 }}
      >
        {showJson ? 'Hide JSON schema' : 'Show JSON schema'}
      </Button>
      <Collapse in={showJson} unmountOnExit id={jsonId}>
        {/* Focusable: a long schema scrolls inside it, and a keyboard must be able to scroll it (axe: scrollable-region-focusable). */}
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label="JSON schema"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1.5,
            maxHeight: 360,
            overflow: 'auto',
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: MONO,
            fontSize: 12,
          }}
        >
          {JSON.stringify(schema, null, 2)}
        </Box>
      </Collapse>
    </Box>
  );
}
