// Shared set-up for the User Management screen tests (not a test file itself): the page over the local
// adapters, whose HTTP calls msw answers from mocks/users.handlers.ts and mocks/history.handlers.ts.
import { configure } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { createFakeBackend, makeUserRecord } from '../../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import { usersDb, usersHandlers } from '../../../../mocks/users.handlers';
import { historyDb, historyHandlers } from '../../../../mocks/history.handlers';
import { createLocalUserManagement, type LocalUsersAuditOptions } from '../../../backend/local/localUsersAudit';
import type { UserManagementPort } from '../../../backend/ports';
import { createLocalHistory } from '../../../backend/local/localHistory';
import UserManagementPage from '../UserManagementPage';

configure({ asyncUtilTimeout: 10_000 });

/** Call at module level: these handlers answer before any other feature's (e.g. the analytics fixtures' user-swipes). */
export function installUsersHandlers() {
  beforeEach(() => {
    usersDb.reset();
    historyDb.reset();
    server.use(...usersHandlers, ...historyHandlers);
  });
}

/**
 * `adapt`: the user port as a test wants it, given the local one over msw and the API's address (a Firebase-mode
 * deletion: a Firestore part, then the hosted API's).
 */
export function renderUserManagement(
  route = '/user-management',
  routes: RouteObject[] = [],
  adapt?: (port: UserManagementPort, api: LocalUsersAuditOptions) => UserManagementPort,
) {
  const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };
  const backend = createFakeBackend({ signedIn: account });
  backend.records.set(account.uid, makeUserRecord({ ...account, isAdmin: true }));
  const api = { apiBaseUrl: 'http://localhost/api', timeoutMs: 10_000, getToken: async () => 'token' };
  const local = createLocalUserManagement(api);
  backend.userManagement = adapt ? adapt(local, api) : local;
  backend.history = createLocalHistory(api);
  return renderWithProviders(<UserManagementPage />, {
    route,
    routes,
    backend,
    preloadedState: {
      ...signedInAdminState,
      session: { ...signedInAdminState.session!, user: { ...account, isAdmin: true } as never },
    },
  });
}

export { usersDb, historyDb };
