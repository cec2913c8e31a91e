// The signed-in admin's email and the Logout button (spec 2: logout signs out and reloads the page).
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useAppDispatch } from '../hooks';
import { logoutRequested, type SessionUser } from '../../features/session';

export function AccountActions({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const label = user.email ?? user.displayName ?? user.uid;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' }, minWidth: 0, alignItems: 'center' }}>
        <Avatar sx={{ width: 30, height: 30, fontSize: 14, bgcolor: 'primary.main' }}>{label.charAt(0).toUpperCase()}</Avatar>
        <Box sx={{ minWidth: 0, maxWidth: 260 }}>
          <Typography variant="body2" noWrap title={label} data-testid="signed-in-email">
            {label}
          </Typography>
        </Box>
      </Stack>
      <Button variant="outlined" size="small" color="inherit" startIcon={<Logout />} onClick={() => dispatch(logoutRequested())}>
        Logout
      </Button>
    </Stack>
  );
}
