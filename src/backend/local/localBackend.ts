// The default backend: the reference server (server/) over HTTP.
import type { AppConfig } from '../../config/types';
import type { Backend } from '../ports';
import { createLocalAuth } from './localAuth';
import { createLocalExports } from './localExports';
import { createLocalLiveCounts } from './localLiveCounts';
import { createLocalUserRecords } from './localUserRecords';
import { createLocalAuditLogs, createLocalUserManagement } from './localUsersAudit';

export function createLocalBackend(config: AppConfig): Backend {
  const timeoutMs = config.apiTimeoutMs;
  const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs });
  const api = { apiBaseUrl: config.apiBaseUrl, timeoutMs, getToken: () => auth.getIdToken() };
  return {
    kind: 'local',
    auth,
    userRecords: createLocalUserRecords({ apiBaseUrl: config.apiBaseUrl, authBaseUrl: config.authBaseUrl, timeoutMs, auth }),
    liveCounts: createLocalLiveCounts(api),
    userManagement: createLocalUserManagement(api),
    auditLogs: createLocalAuditLogs(api),
    exports: createLocalExports(api),
  };
}
