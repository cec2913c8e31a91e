// The signed-in admin's account and the Logout button (spec 2: logout signs out and reloads the page). Where the
// backend has account settings of its own (the reference backend's password change and two-factor sign-in; Firebase
// Auth has its own ways), the account opens a menu offering them (AccountMenu.tsx, loaded on its own); otherwise it
// shows as a plain label.
import { lazy, Suspense } from 'react';
import { Box, Button, Stack } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useAppDispatch } from '../hooks';
import { logoutRequested, type SessionUser } from '../../features/session';
import { useAccountPasswords } from '../../features/account/useAccountPasswords';
import { useAccountMfa } from '../../features/account/useAccountMfa';
import { PaletteLauncher } from '../../features/palette';
import { AccountIdentity } from './AccountIdentity';

const AccountMenu = lazy(() => import('./AccountMenu'));

export function AccountActions({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const passwords = useAccountPasswords() !== undefined;
  const mfa = useAccountMfa() !== undefined;
  const label = user.email ?? user.displayName ?? user.uid;
  const identity = (
    <Box sx={{ display: { xs: 'none', md: 'block' } }}>
      <AccountIdentity label={label} />
    </Box>
  );
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      {/* here, in the signed-in chunk, rather than in the shell: its modules then never split the login route's */}
      <PaletteLauncher />
      {passwords || mfa ? (
        <Suspense fallback={identity}>
          <AccountMenu label={label} email={user.email} passwords={passwords} mfa={mfa} />
        </Suspense>
      ) : (
        identity
      )}
      <Button variant="outlined" size="small" color="inherit" startIcon={<Logout />} onClick={() => dispatch(logoutRequested())}>
        Logout
      </Button>
    </Stack>
  );
}
