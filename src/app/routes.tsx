import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { RouteErrorScreen } from '../components/ErrorScreen';
import { NotBuiltYet } from '../components/NotBuiltYet';
import { RequireAdmin } from '../features/session';
import { PageLoading } from '../components/PageLoading';

// Pages load on demand so the login route ships only the shell.
const LoginPage = lazy(() => import('../features/session/LoginPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ManageNamesPage = lazy(() => import('../features/names/ManageNamesPage'));
const BulkUploadPage = lazy(() => import('../features/bulkUpload/BulkUploadPage'));
const NameAnalyticsPage = lazy(() => import('../features/analytics/pages/NameAnalyticsPage'));
const AdvancedAnalyticsPage = lazy(() => import('../features/analytics/pages/AdvancedAnalyticsPage'));
const UserAnalyticsPage = lazy(() => import('../features/analytics/pages/UserAnalyticsPage'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));
const AuditLogsPage = lazy(() => import('../features/auditLogs/AuditLogsPage'));
const DataExportPage = lazy(() => import('../features/dataExport/DataExportPage'));
const DatabaseAdminPage = lazy(() => import('../features/databaseAdmin/DatabaseAdminPage'));
const InvitePage = lazy(() => import('../features/invite/InvitePage'));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  // Public and for app users, not operators: no session, no console chrome. A full page load of /invite
  // boots the page on its own (src/boot.ts); this route serves in-app navigation.
  { path: '/invite', element: page(InvitePage), errorElement: <RouteErrorScreen /> },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/login', element: page(LoginPage) },
      {
        element: <RequireAdmin />,
        // A page that throws shows the error screen INSIDE the shell: the top navigation stays, so the
        // operator can go to another page instead of only reloading this one (issue 16).
        errorElement: <RouteErrorScreen />,
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', element: page(DashboardPage) },
          { path: '/manage-names', element: page(ManageNamesPage) },
          { path: '/bulk-upload', element: page(BulkUploadPage) },
          { path: '/analytics', element: page(NameAnalyticsPage) },
          { path: '/user-analytics', element: page(UserAnalyticsPage) },
          { path: '/advanced-analytics', element: page(AdvancedAnalyticsPage) },
          { path: '/user-management', element: page(UserManagementPage) },
          { path: '/audit-logs', element: page(AuditLogsPage) },
          { path: '/data-export', element: page(DataExportPage) },
          { path: '/database-admin', element: page(DatabaseAdminPage) },
          // Behind the guard too: a visitor without a session goes to /login, not to a console page.
          { path: '*', element: <NotBuiltYet title="Page not found" notFound /> },
        ],
      },
    ],
  },
];
