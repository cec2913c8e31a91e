// The default backend: the reference server (server/) over HTTP.
import type { AppConfig } from '../../config/types';
import { deferredPort } from '../deferredPort';
import type {
  AccountMfaPort,
  AccountPasswordsPort,
  AuditLogsPort,
  Backend,
  ExportPort,
  HistoryPort,
  RestorePort,
  UserManagementPort,
} from '../ports';
import { createLocalAuth } from './localAuth';
import { createLocalLiveCounts } from './localLiveCounts';
import { createLocalUserRecords } from './localUserRecords';

export function createLocalBackend(config: AppConfig): Backend {
  const timeoutMs = config.apiTimeoutMs;
  const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs });
  const api = { apiBaseUrl: config.apiBaseUrl, timeoutMs, getToken: () => auth.getIdToken() };
  return {
    kind: 'local',
    auth,
    userRecords: createLocalUserRecords({ apiBaseUrl: config.apiBaseUrl, authBaseUrl: config.authBaseUrl, timeoutMs, auth }),
    liveCounts: createLocalLiveCounts(api),
    // Only signed-in pages use these: their adapters load on first use (deferredPort.ts).
    userManagement: deferredPort<UserManagementPort>(
      () => import('./localUsersAudit').then((module) => module.createLocalUserManagement(api)),
      ['listUsers', 'updateUserFlags', 'deleteUser'],
    ),
    auditLogs: deferredPort<AuditLogsPort>(
      () => import('./localUsersAudit').then((module) => module.createLocalAuditLogs(api)),
      ['pageAuditLogs', 'auditStats'],
    ),
    exports: deferredPort<ExportPort>(
      () => import('./localExports').then((module) => module.createLocalExports(api)),
      ['readPage', 'count', 'recordRun', 'streamCsv'],
    ),
    history: deferredPort<HistoryPort>(
      () => import('./localHistory').then((module) => module.createLocalHistory(api)),
      ['readHistory', 'revert'],
    ),
    restores: deferredPort<RestorePort>(
      () => import('./localRestores').then((module) => module.createLocalRestores(api)),
      ['list', 'open', 'read', 'sendRows', 'check', 'apply', 'cancel'],
    ),
    accountPasswords: deferredPort<AccountPasswordsPort>(
      () => import('./localPasswords').then((module) => module.createLocalPasswords({ authBaseUrl: config.authBaseUrl, timeoutMs, auth })),
      ['inspectLink', 'redeemLink', 'changePassword'],
    ),
    accountMfa: {
      ...deferredPort<AccountMfaPort>(
        () => import('./localMfa').then((module) => module.createLocalMfa({ authBaseUrl: config.authBaseUrl, timeoutMs, auth })),
        ['status', 'startEnrolment', 'confirmEnrolment', 'verify', 'openSession', 'renewRecoveryCodes', 'disable'],
      ),
      available: true,
    },
  };
}
