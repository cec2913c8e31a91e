import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { RetryAlert } from './RetryAlert';

export interface PagedListFooterProps {
  /** the list's read failed: what to say (Retry beside it) */
  error: ReactNode | null;
  onRetry(): void;
  /** the next page is on its way */
  loadingMore: boolean;
  loadingText: string;
  /** more pages exist */
  hasMore: boolean;
  /** a Load more button for them; without it the list loads on by itself (infinite scroll) */
  onLoadMore?: () => void;
  /** rows are shown, so the end of the list can be said */
  hasRows: boolean;
  endText: string;
}

/** Below a list read page by page (usePagedList): its error with Retry, the next page loading, Load more, or the end. */
export function PagedListFooter({ error, onRetry, loadingMore, loadingText, hasMore, onLoadMore, hasRows, endText }: PagedListFooterProps) {
  return (
    <Box sx={{ minHeight: 52, display: 'flex', alignItems: 'center', justifyContent: 'center', pt: 1.5 }}>
      {error ? (
        <RetryAlert sx={{ width: '100%' }} onRetry={onRetry}>
          {error}
        </RetryAlert>
      ) : loadingMore ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2" color="text.secondary">
            {loadingText}
          </Typography>
        </Stack>
      ) : hasMore ? (
        onLoadMore ? (
          <Button variant="outlined" onClick={onLoadMore}>
            Load more
          </Button>
        ) : null
      ) : hasRows ? (
        <Typography variant="body2" color="text.secondary">
          {endText}
        </Typography>
      ) : null}
    </Box>
  );
}
