import { useId, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';

export interface AnalyticsSectionProps {
  title: string;
  subtitle?: ReactNode;
  /**
   * the reason this section's call failed. The section then shows that failure, with Retry when onRetry is
   * given, INSTEAD of its content: an empty table or "No likes yet." under a failure would read as no data.
   */
  failed?: string | null;
  onRetry?: () => void;
  /** the retried call is under way (Retry disabled) */
  retrying?: boolean;
  action?: ReactNode;
  children: ReactNode;
}

/** One titled block of an analytics screen. A failed call is said in the block, not hidden behind an empty table. */
export function AnalyticsSection({ title, subtitle, failed, onRetry, retrying = false, action, children }: AnalyticsSectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Stack>
      {failed ? (
        <Alert
          severity="error"
          action={
            onRetry ? (
              <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} aria-label={`Retry ${title}`}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {title} could not be loaded: {failed}
        </Alert>
      ) : (
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      )}
    </Paper>
  );
}
