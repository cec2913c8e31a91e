// The admin pages in navigation order. Its own module (re-exported by routes.tsx) so the navigation and
// the dashboard can use it without importing the router table that imports them.
export const adminPages = [
  { path: '/dashboard', label: 'Dashboard', description: 'Live totals at a glance' },
  { path: '/manage-names', label: 'Manage Names', description: 'Add, edit, filter and delete names' },
  { path: '/bulk-upload', label: 'Bulk Upload', description: 'Import names from a CSV file' },
  { path: '/analytics', label: 'Analytics', description: 'Rankings, decision times and matches' },
  { path: '/user-analytics', label: 'User Analytics', description: 'User metrics and top names by group' },
  { path: '/advanced-analytics', label: 'Advanced Analytics', description: 'Top names per gender and nationality' },
  { path: '/user-management', label: 'User Management', description: 'Premium and active flags, deletion' },
  { path: '/operators', label: 'Operators', description: 'Admin accounts, invitations and password links' },
  { path: '/audit-logs', label: 'Audit Logs', description: 'Account and subscription events' },
  { path: '/data-export', label: 'Data Export', description: 'CSV and JSON exports, full backup' },
  { path: '/database-admin', label: 'Database Admin', description: 'Overview, migration and raw names' },
  // A reference rather than a place of daily work: under More at the end of the tabs (NavTabs.tsx), not a tab of its
  // own, so the row of tabs keeps to the pages operators use every day.
  {
    path: '/api-reference',
    label: 'API Reference',
    description: 'The API contract (OpenAPI): routes, parameters, answers',
    more: true,
  },
] as const;

export type AdminPage = (typeof adminPages)[number];
export type AdminPath = AdminPage['path'];

/** Whether the navigation lists the page under More rather than as a tab. */
export const isMorePage = (page: AdminPage): boolean => 'more' in page && page.more;

/** The pages the navigation shows as tabs, in order. */
export const tabPages: readonly AdminPage[] = adminPages.filter((page) => !isMorePage(page));

/** The pages the navigation lists under More, in order. */
export const morePages: readonly AdminPage[] = adminPages.filter(isMorePage);

/** The admin page a path belongs to (its own path or one below it) among `pages` (every admin page unless told), or false. */
export function activePagePath(pathname: string, pages: readonly AdminPage[] = adminPages): string | false {
  const page = pages.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
  return page ? page.path : false;
}
