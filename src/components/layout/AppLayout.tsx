// The shell around every page: a title bar (theme toggle, account, Logout) and, for a signed-in admin
// outside /login and /invite, the row of links to every admin page.
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { AppBar, Avatar, Box, Stack, Toolbar, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ChildCare from '@mui/icons-material/ChildCare';
import { useAppSelector } from '../../app/hooks';
import { selectSession } from '../../features/session';
import { AccountActions } from './AccountActions';
import { NavTabs } from './NavTabs';
import { ThemeToggle } from './ThemeToggle';
import { useLastSearchByPage, useScrollToTopOnPathChange } from './useLastSearchByPage';

const PUBLIC_PATHS = ['/login', '/invite'];

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
          {showNavigation && user && <AccountActions user={user} />}
        </Toolbar>
        {showNavigation && <NavTabs pathname={pathname} lastSearch={lastSearch} />}
      </AppBar>
      <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
