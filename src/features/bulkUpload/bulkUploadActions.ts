import { createAction } from '@reduxjs/toolkit';

/** Starts an import job. The File itself is handed over by job id (fileHandoff.ts), not in the action. */
export const bulkImportRequested = createAction<{ jobId: string; fileName: string; fileSize: number }>('bulkUpload/importRequested');
export type BulkImportRequested = ReturnType<typeof bulkImportRequested>;
