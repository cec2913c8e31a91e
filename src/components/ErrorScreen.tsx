// The global error screen (spec 2): used as the router's errorElement and by the top-level ErrorBoundary.
import { useEffect, useId, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Box, Button, Collapse, Paper, Stack, Typography } from '@mui/material';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Refresh from '@mui/icons-material/Refresh';

export interface ErrorDetails {
  message: string;
  stack?: string;
}

/** What the debugging details show for anything that can be thrown (Errors, router responses, values). */
export function describeError(error: unknown): ErrorDetails {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (isRouteErrorResponse(error)) {
    const body = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
    return { message: `${error.status} ${error.statusText}${body ? `\n${body}` : ''}` };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export interface ErrorScreenProps {
  error: unknown;
  /** defaults to reloading the page; injectable because jsdom cannot reload */
  onReload?: () => void;
}

export function ErrorScreen({ error, onReload = () => window.location.reload() }: ErrorScreenProps) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  const { message, stack } = describeError(error);
  return (
    <Box role="alert" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
        <ErrorOutlineOutlined color="error" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          Something went wrong.
        </Typography>
        <Typography color="text.secondary">{"We're sorry, but something unexpected happened."}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
          <Button variant="contained" startIcon={<Refresh />} onClick={onReload}>
            Reload Page
          </Button>
          <Button
            color="inherit"
            endIcon={showDetails ? <ExpandLess /> : <ExpandMore />}
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setShowDetails((open) => !open)}
          >
            {showDetails ? 'Hide debugging details' : 'Show debugging details'}
          </Button>
        </Stack>
        <Collapse in={showDetails} unmountOnExit>
          <Box
            id={detailsId}
            component="pre"
            sx={{
              mt: 3,
              p: 2,
              textAlign: 'left',
              fontSize: 12,
              maxHeight: 320,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              bgcolor: 'action.hover',
              borderRadius: 2,
            }}
          >
            {message}
            {stack ? `\n\n${stack}` : ''}
          </Box>
        </Collapse>
      </Paper>
    </Box>
  );
}

/** The router's errorElement: a route that throws (render, lazy chunk load) lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);
  return <ErrorScreen error={error} />;
}
