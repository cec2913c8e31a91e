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
] as const;

export type AdminPage = (typeof adminPages)[number];
export type AdminPath = AdminPage['path'];

/** The admin page a path belongs to (its own path or one below it), or false. */
export function activePagePath(pathname: string): string | false {
  const page = adminPages.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
  return page ? page.path : false;
}
