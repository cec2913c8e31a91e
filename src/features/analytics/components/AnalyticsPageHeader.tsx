import { Box, Button, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';

export interface AnalyticsPageHeaderProps {
  title: string;
  subtitle: string;
  /** fetches every figure of the page again */
  onRefresh(): void;
  refreshing: boolean;
}

/** An analytics page's heading and what it shows, with the Refresh of the whole page beside them. */
export function AnalyticsPageHeader({ title, subtitle, onRefresh, refreshing }: AnalyticsPageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
    >
      <Box>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
        Refresh
      </Button>
    </Stack>
  );
}
