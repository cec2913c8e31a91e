import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { RouteErrorScreen } from '../components/ErrorScreen';
import { NotBuiltYet } from '../components/NotBuiltYet';
import { RequireAdmin, selectSecondStep } from '../features/session';
import { useAppSelector } from './hooks';
import { PageLoading } from '../components/PageLoading';
import { activePagePath, type AdminPath } from './adminPages';
import { SET_PASSWORD_PATH } from '../../contract/operators';

// Pages load on demand so the login route ships only the shell.
const LoginPage = lazy(() => import('../features/session/LoginPage'));
const SecondStepPage = lazy(() => import('../features/session/secondStep'));
const adminPageModules = {
  '/dashboard': () => import('../features/dashboard/DashboardPage'),
  '/manage-names': () => import('../features/names/ManageNamesPage'),
  '/bulk-upload': () => import('../features/bulkUpload/BulkUploadPage'),
  '/analytics': () => import('../features/analytics/pages/NameAnalyticsPage'),
  '/user-analytics': () => import('../features/analytics/pages/UserAnalyticsPage'),
  '/advanced-analytics': () => import('../features/analytics/pages/AdvancedAnalyticsPage'),
  '/user-management': () => import('../features/users/UserManagementPage'),
  '/operators': () => import('../features/operators/OperatorsPage'),
  '/audit-logs': () => import('../features/auditLogs/AuditLogsPage'),
  '/data-export': () => import('../features/dataExport/DataExportPage'),
  '/database-admin': () => import('../features/databaseAdmin/DatabaseAdminPage'),
  '/api-reference': () => import('../features/apiReference/ApiReferencePage'),
} satisfies Record<AdminPath, unknown>;
const DashboardPage = lazy(adminPageModules['/dashboard']);
const ManageNamesPage = lazy(adminPageModules['/manage-names']);
const BulkUploadPage = lazy(adminPageModules['/bulk-upload']);
const NameAnalyticsPage = lazy(adminPageModules['/analytics']);
const AdvancedAnalyticsPage = lazy(adminPageModules['/advanced-analytics']);
const UserAnalyticsPage = lazy(adminPageModules['/user-analytics']);
const UserManagementPage = lazy(adminPageModules['/user-management']);
const OperatorsPage = lazy(adminPageModules['/operators']);
const AuditLogsPage = lazy(adminPageModules['/audit-logs']);
const DataExportPage = lazy(adminPageModules['/data-export']);
const DatabaseAdminPage = lazy(adminPageModules['/database-admin']);
const ApiReferencePage = lazy(adminPageModules['/api-reference']);

/**
 * Starts loading the code of the admin page at `pathname` (/ is the dashboard), so that a reload with a
 * kept session fetches it beside the session check instead of after it. A failure is left to the page's own
 * load, which reports it.
 */
export function preloadAdminPage(pathname: string): void {
  const path = pathname === '/' ? '/dashboard' : activePagePath(pathname);
  if (path && path in adminPageModules) adminPageModules[path as AdminPath]().catch(() => undefined);
}
const InvitePage = lazy(() => import('../features/invite/InvitePage'));
// Public too, but for operators: inside the console's shell (the title bar), outside the session guard.
const SetPasswordPage = lazy(() => import('../features/account/SetPasswordPage'));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * /login: the password form; once the password was right and the server asks for a second step (contract/mfa.ts),
 * that step in its place, loaded then (most operators never see it). The form stays mounted, hidden, so Back to
 * sign-in finds it as it was left.
 */
function LoginRoute() {
  const secondStep = useAppSelector(selectSecondStep);
  return (
    <>
      <div hidden={secondStep !== null}>{page(LoginPage)}</div>
      {secondStep && (
        <Suspense fallback={<PageLoading />}>
          <SecondStepPage step={secondStep} />
        </Suspense>
      )}
    </>
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
      { path: '/login', element: <LoginRoute /> },
      { path: SET_PASSWORD_PATH, element: page(SetPasswordPage) },
      {
        element: <RequireAdmin />,
        // A page that throws shows the error screen INSIDE the shell: the top navigation stays, so the
        // operator can go to another page instead of only reloading this one.
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
          { path: '/operators', element: page(OperatorsPage) },
          { path: '/audit-logs', element: page(AuditLogsPage) },
          { path: '/data-export', element: page(DataExportPage) },
          { path: '/database-admin', element: page(DatabaseAdminPage) },
          { path: '/api-reference', element: page(ApiReferencePage) },
          // Behind the guard too: a visitor without a session goes to /login, not to a console page.
          { path: '*', element: <NotBuiltYet title="Page not found" notFound /> },
        ],
      },
    ],
  },
];
