import type { HttpHandler } from 'msw';
import { namesHandlers } from './names.handlers';
import { namesJobsHandlers } from './namesJobs.handlers';
import { bulkUploadHandlers } from './bulkUpload.handlers';
import { sessionHandlers } from './session.handlers';
import { dashboardHandlers } from './dashboard.handlers';
import { analyticsHandlers } from './analytics.handlers';
import { usersHandlers } from './users.handlers';
import { auditLogsHandlers } from './auditLogs.handlers';
import { restoresHandlers } from './restores.handlers';
import { operatorsHandlers } from './operators.handlers';
import { mfaHandlers } from './mfa.handlers';
import { savedViewsHandlers } from './savedViews.handlers';
import { apiReferenceHandlers } from './apiReference.handlers';

// Feature handler lists are added here. Tests override single routes with server.use(...).
// bulkUploadHandlers first: its POST /names/restore answers only the restore of an import's undo and lets every
// other restore through to the names handlers.
export const handlers: HttpHandler[] = [
  ...bulkUploadHandlers,
  ...namesJobsHandlers,
  ...namesHandlers,
  ...sessionHandlers,
  ...dashboardHandlers,
  ...analyticsHandlers,
  ...usersHandlers,
  ...auditLogsHandlers,
  ...restoresHandlers,
  ...operatorsHandlers,
  ...mfaHandlers,
  ...savedViewsHandlers,
  ...apiReferenceHandlers,
];
