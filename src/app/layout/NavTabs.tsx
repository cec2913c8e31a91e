// The row of links to every admin page. Scrollable tabs: a window too narrow for all of them
// scrolls the row instead of wrapping or overflowing it. Pages that are looked up rather than worked in
// (adminPages.ts marks them `more`) sit in a More menu at the end of the row, so the tabs stay the daily ones.
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Tab, Tabs } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { activePagePath, morePages, tabPages } from '../adminPages';
import { pageIcons } from './pageIcons';
import { useButtonMenu } from './useButtonMenu';

export interface NavTabsProps {
  pathname: string;
  /** the query each page last had, so a tab returns to the view the operator left there */
  lastSearch?: Readonly<Record<string, string>>;
}

function MoreMenu({ pathname, lastSearch }: Required<NavTabsProps>) {
  const menu = useButtonMenu();
  const active = activePagePath(pathname, morePages);
  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        endIcon={<ExpandMore />}
        {...menu.buttonProps}
        sx={{ flexShrink: 0, mx: 1, minHeight: 44, fontWeight: active ? 600 : undefined, color: active ? undefined : 'text.secondary' }}
      >
        More
      </Button>
      <Menu {...menu.menuProps}>
        {morePages.map((page) => {
          const Icon = pageIcons[page.path];
          return (
            <MenuItem
              key={page.path}
              component={RouterLink}
              to={`${page.path}${lastSearch[page.path] ?? ''}`}
              selected={active === page.path}
              aria-current={active === page.path ? 'page' : undefined}
              onClick={menu.close}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={page.label} secondary={page.description} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

export function NavTabs({ pathname, lastSearch = {} }: NavTabsProps) {
  return (
    <Box component="nav" aria-label="Admin pages" sx={{ display: 'flex', alignItems: 'center', px: { xs: 0, sm: 1 } }}>
      <Tabs
        value={activePagePath(pathname, tabPages)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Admin pages"
        sx={{ minHeight: 44, flex: 1, minWidth: 0 }}
      >
        {tabPages.map((page) => (
          <Tab
            key={page.path}
            value={page.path}
            label={page.label}
            component={RouterLink}
            to={`${page.path}${lastSearch[page.path] ?? ''}`}
          />
        ))}
      </Tabs>
      {morePages.length > 0 && <MoreMenu pathname={pathname} lastSearch={lastSearch} />}
    </Box>
  );
}
