// The signed-in admin's account and the Logout button (spec 2: logout signs out and reloads the page). Where the
// backend has a password change of its own (the reference backend; Firebase Auth has its own ways), the account
// opens a menu offering it (AccountMenu.tsx, loaded on its own); otherwise it shows as a plain label.
import { lazy, Suspense } from 'react';
import { Box, Button, Stack } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useAppDispatch } from '../hooks';
import { logoutRequested, type SessionUser } from '../../features/session';
import { useAccountPasswords } from '../../features/account/useAccountPasswords';
import { PaletteLauncher } from '../../features/palette';
import { AccountIdentity } from './AccountIdentity';

const AccountMenu = lazy(() => import('./AccountMenu'));

export function AccountActions({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const passwords = useAccountPasswords();
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
      {passwords ? (
        <Suspense fallback={identity}>
          <AccountMenu label={label} email={user.email} />
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
