// The shell around every page: a title bar (theme toggle, account, Logout) and, for a signed-in admin
// outside the public pages (/login, /invite, /set-password), the row of links to every admin page.
import { lazy, Suspense } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { AppBar, Avatar, Box, Stack, Toolbar, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ChildCare from '@mui/icons-material/ChildCare';
import { useAppSelector } from '../hooks';
import { selectSession } from '../../features/session';
import { ThemeToggle } from './ThemeToggle';
import { SET_PASSWORD_PATH } from '../../../contract/operators';
import { useLastSearchByPage, useScrollToTopOnPathChange } from './useLastSearchByPage';

const PUBLIC_PATHS = ['/login', '/invite', SET_PASSWORD_PATH];

// Only a signed-in admin sees these (and the job guard matters only while jobs run): loaded after sign-in,
// so the login route does not ship the tabs, the account menu or the export and import jobs.
const NavTabs = lazy(() => import('./NavTabs').then((module) => ({ default: module.NavTabs })));
const AccountActions = lazy(() => import('./AccountActions').then((module) => ({ default: module.AccountActions })));
const LeaveGuardWhileJobsRun = lazy(() => import('../../features/jobs').then((module) => ({ default: module.LeaveGuardWhileJobsRun })));

function Brand({ linked }: { linked: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1.25}
      {...(linked ? { component: RouterLink, to: '/dashboard' } : {})}
      sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0, alignItems: 'center' }}
    >
      <Avatar variant="rounded" sx={{ width: 32, height: 32, bgcolor: 'primary.main', borderRadius: 2 }}>
        <ChildCare fontSize="small" />
      </Avatar>
      <Typography variant="h6" component="span" noWrap sx={{ fontSize: 17 }}>
        Baby Names Admin
      </Typography>
    </Stack>
  );
}

export function AppLayout() {
  const { pathname, search } = useLocation();
  const lastSearch = useLastSearchByPage(pathname, search);
  useScrollToTopOnPathChange(pathname);
  const { status, user } = useAppSelector(selectSession);
  const isPublic = PUBLIC_PATHS.includes(pathname);
  const showNavigation = !isPublic && status === 'signedIn' && user !== null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        sx={(theme) => ({
          borderBottom: `1px solid ${theme.palette.divider}`,
          bgcolor: alpha(theme.palette.background.paper, 0.88),
          backdropFilter: 'blur(8px)',
        })}
      >
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 } }}>
          <Brand linked={showNavigation} />
          <Box sx={{ flexGrow: 1 }} />
          <ThemeToggle />
          {showNavigation && user && (
            <Suspense fallback={null}>
              <AccountActions user={user} />
            </Suspense>
          )}
        </Toolbar>
        {showNavigation && (
          <Suspense fallback={null}>
            <NavTabs pathname={pathname} lastSearch={lastSearch} />
            <LeaveGuardWhileJobsRun />
          </Suspense>
        )}
      </AppBar>
      <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
