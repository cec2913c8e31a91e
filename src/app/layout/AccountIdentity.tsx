import { Avatar, Box, Stack, Typography } from '@mui/material';

/** The signed-in account in the top bar: an avatar with its initial, and the address on wider windows. */
export function AccountIdentity({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'center' }}>
      <Avatar sx={{ width: 30, height: 30, fontSize: 14, bgcolor: 'primary.main' }}>{label.charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ minWidth: 0, maxWidth: 260, display: { xs: 'none', md: 'block' } }}>
        <Typography variant="body2" noWrap title={label} data-testid="signed-in-email">
          {label}
        </Typography>
      </Box>
    </Stack>
  );
}
