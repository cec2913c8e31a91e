// The signed-in admin's account menu and the Logout button (spec 2: logout signs out and reloads the page). The
// menu offers Change password where the backend has one of its own (the reference backend; Firebase Auth has its
// own ways); without it the account shows as a plain label, as before.
import { lazy, Suspense, useId, useState } from 'react';
import { Avatar, Box, Button, ListItemIcon, Menu, MenuItem, Stack, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useAppDispatch } from '../hooks';
import { logoutRequested, type SessionUser } from '../../features/session';
import { useAccountPasswords } from '../../features/account/useAccountPasswords';

const ChangePasswordDialog = lazy(() => import('../../features/account/ChangePasswordDialog'));

function Identity({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'center' }}>
      <Avatar sx={{ width: 30, height: 30, fontSize: 14, bgcolor: 'primary.main' }}>{label.charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ minWidth: 0, maxWidth: 260, display: { xs: 'none', md: 'block' } }}>
        <Typography variant="body2" noWrap title={label} data-testid="signed-in-email" sx={{ textTransform: 'none' }}>
          {label}
        </Typography>
      </Box>
    </Stack>
  );
}

export function AccountActions({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const passwords = useAccountPasswords();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  const label = user.email ?? user.displayName ?? user.uid;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      {passwords ? (
        <>
          <Button
            color="inherit"
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-label={`Account: ${label}`}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            sx={{ minWidth: 0, px: 0.75 }}
          >
            <Identity label={label} />
          </Button>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem
              onClick={() => {
                setAnchor(null);
                setChanging(true);
              }}
            >
              <ListItemIcon>
                <KeyOutlined fontSize="small" />
              </ListItemIcon>
              Change password
            </MenuItem>
          </Menu>
        </>
      ) : (
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <Identity label={label} />
        </Box>
      )}
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open email={user.email} onClose={() => setChanging(false)} />
        </Suspense>
      )}
      <Button variant="outlined" size="small" color="inherit" startIcon={<Logout />} onClick={() => dispatch(logoutRequested())}>
        Logout
      </Button>
    </Stack>
  );
}
