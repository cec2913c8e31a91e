import { createAction } from '@reduxjs/toolkit';
import type { ExportFormat, ExportKind } from '../../../contract/exports';

export interface ExportRequest {
  jobId: string;
  kind: ExportKind;
  format: ExportFormat;
  /** audit logs: ISO instants, from inclusive, to exclusive */
  from?: string;
  to?: string;
  /** the file's name before its date, when not the card's own (the copy a restore saves before it replaces) */
  fileStem?: string;
}

/** Starts an export job; ignored while an export of the same kind runs. */
export const exportRequested = createAction<ExportRequest>('dataExport/exportRequested');

/** The job id of an export of this kind (the page finds a card's job by the prefix). */
export const exportJobId = (kind: ExportKind, at: number = Date.now()) => `export-${kind}-${at}`;
export const exportJobPrefix = (kind: ExportKind) => `export-${kind}-`;
