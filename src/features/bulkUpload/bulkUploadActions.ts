import type { ColumnMapping } from '../../../contract/csvRows';
import { createAction } from '@reduxjs/toolkit';

/**
 * Starts an import job, or with `check` a check of the file that writes nothing (contract/importChecks.ts). The File
 * itself is handed over by job id (fileHandoff.ts), not in the action.
 */
export const bulkImportRequested = createAction<{
  jobId: string;
  fileName: string;
  fileSize: number;
  check?: boolean;
  /** the operator's choice of columns, for a file whose header is not name,gender,nationality */
  columns?: ColumnMapping;
}>('bulkUpload/importRequested');
export type BulkImportRequested = ReturnType<typeof bulkImportRequested>;
