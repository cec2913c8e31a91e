// The guard in front of every admin route (spec 2): Loading... while the session is determined,
// /login without an admin session (remembering the destination), the page once signed in.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { selectSessionStatus } from './sessionSlice';

/** Router state the login page reads to send the admin back where they were going. */
export interface LoginRedirectState {
  from?: string;
  /** the address to fill in (the set-password page, once a password is set) */
  email?: string;
}

export function RequireAdmin() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 10, color: 'text.secondary' }}>
        <CircularProgress size={20} color="inherit" />
        <Typography>Loading...</Typography>
      </Box>
    );
  }
  if (status !== 'signedIn') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
