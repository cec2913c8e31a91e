import type { HttpHandler } from 'msw';
import { namesHandlers } from './names.handlers';
import { bulkUploadHandlers } from './bulkUpload.handlers';
import { sessionHandlers } from './session.handlers';
import { dashboardHandlers } from './dashboard.handlers';
import { analyticsHandlers } from './analytics.handlers';
import { usersHandlers } from './users.handlers';
import { auditLogsHandlers } from './auditLogs.handlers';

// Feature handler lists are added here. Tests override single routes with server.use(...).
export const handlers: HttpHandler[] = [
  ...namesHandlers,
  ...bulkUploadHandlers,
  ...sessionHandlers,
  ...dashboardHandlers,
  ...analyticsHandlers,
  ...usersHandlers,
  ...auditLogsHandlers,
];
