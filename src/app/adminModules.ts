// What only an admin session uses: RTK Query's api (every page's data), the Restore card's state, and the watchers
// of the admin pages' jobs (imports, exports, the migration, per-user totals, restores). Loaded and started when an
// admin session begins (store.ts), so the login route ships none of them, nor RTK Query, papaparse or the job
// machinery.
import { bulkUploadSaga } from '../features/bulkUpload/bulkUploadSaga';
import { swipeTotalsSaga } from '../features/users';
import { auditExportSaga } from '../features/auditLogs';
import { dataExportSaga, restoreSaga } from '../features/dataExport';
import { migrationSaga } from '../features/databaseAdmin';
import { namesFilterJobSaga } from '../features/names/filterJob/namesFilterJobSaga';
import type { RootWatcher } from './rootSaga';

export { api } from '../api/apiSlice';
export { restoreSlice } from '../features/dataExport/restore/restoreSlice';

export const ADMIN_WATCHERS: readonly RootWatcher[] = [
  [() => bulkUploadSaga(), 'bulk upload'],
  [() => swipeTotalsSaga(), 'user swipe totals'],
  [() => auditExportSaga(), 'audit log export'],
  [() => dataExportSaga(), 'data export'],
  [() => restoreSaga(), 'backup restore'],
  [() => migrationSaga(), 'database migration'],
  [() => namesFilterJobSaga(), 'names filter jobs'],
];
