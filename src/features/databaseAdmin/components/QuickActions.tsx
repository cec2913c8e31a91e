import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';

const ACTIONS = [
  { path: '/manage-names', label: 'Manage Names' },
  { path: '/bulk-upload', label: 'Bulk Upload' },
  { path: '/analytics', label: 'Analytics' },
  { path: '/data-export', label: 'Data Export' },
  // Database Admin is where an operator looks for the console's lower layers: the API's contract is one.
  { path: '/api-reference', label: 'API Reference' },
] as const;

/** Spec 2: quick-action buttons open other admin pages in a new tab (the session is shared by tabs). */
export function QuickActions() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="quick-actions-title">
      <CardContent>
        <Typography id="quick-actions-title" variant="h6" component="h2" gutterBottom>
          Quick actions
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {ACTIONS.map(({ path, label }) => (
            <Button key={path} variant="outlined" href={path} target="_blank" rel="noopener" endIcon={<OpenInNewIcon fontSize="small" />}>
              {label}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
