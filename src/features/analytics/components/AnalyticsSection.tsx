import { useId, type ReactNode } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';

export interface AnalyticsSectionProps {
  title: string;
  subtitle?: ReactNode;
  /** the reason this section's call failed; the section then shows its fallback (empty) content under a notice */
  failed?: string | null;
  action?: ReactNode;
  children: ReactNode;
}

/** One titled block of an analytics screen. A failed call is said in the block, not hidden behind an empty table. */
export function AnalyticsSection({ title, subtitle, failed, action, children }: AnalyticsSectionProps) {
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
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {title} could not be loaded: {failed}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Paper>
  );
}
