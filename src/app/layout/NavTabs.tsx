// The row of links to every admin page. Scrollable tabs: a window too narrow for all of them
// scrolls the row instead of wrapping or overflowing it.
import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { activePagePath, adminPages } from '../adminPages';

export interface NavTabsProps {
  pathname: string;
  /** the query each page last had, so a tab returns to the view the operator left there */
  lastSearch?: Readonly<Record<string, string>>;
}

export function NavTabs({ pathname, lastSearch = {} }: NavTabsProps) {
  return (
    <Tabs
      component="nav"
      aria-label="Admin pages"
      value={activePagePath(pathname)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ minHeight: 44, px: { xs: 0, sm: 1 } }}
    >
      {adminPages.map((page) => (
        <Tab
          key={page.path}
          value={page.path}
          label={page.label}
          component={RouterLink}
          to={`${page.path}${lastSearch[page.path] ?? ''}`}
        />
      ))}
    </Tabs>
  );
}
