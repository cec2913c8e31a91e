// Imports: a batch of rows, the run it belongs to, its report and its undo. Constants: importRuns.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, count, freeText, isoText, MAX_FILE_NAME_LENGTH, MAX_ID, nullable, whole, described } from './parts';
import { IMPORT_RUN_FINISH_STATES, IMPORT_RUN_STATES } from '../importRuns';
import type { NameInput } from './names';

export const BulkImportResponseSchema = Type.Object({
  addedCount: count,
  duplicateCount: described(
    Type.Optional(count),
    'rows not stored because the same name, gender and nationality exists (in the database or earlier in the batch)',
  ),
  trashedCount: described(
    Type.Optional(count),
    'rows not stored because the same name, gender and nationality is in the trash (not counted in duplicateCount)',
  ),
  runId: described(Type.Optional(Type.Integer()), 'the run the batch was recorded under'),
});

/**
 * A count a client reports (rows it read or skipped): bounded like every other number a request carries, by what
 * a JS number holds exactly, so 1e308 or 2^63 is refused instead of stored. (`count` above is for answers.)
 */
const reportedCount = whole(0, MAX_ID);

export const ImportRunConsoleReportSchema = closed({
  rowsRead: reportedCount,
  rowsSkipped: reportedCount,
  skippedByReason: Type.Record(Type.String({ maxLength: 64 }), reportedCount, { maxProperties: 32 }),
  encoding: nullable(Type.String({ maxLength: 32 })),
});

const importRunFields = {
  id: Type.Integer(),
  fileName: Type.String(),
  actorEmail: Type.String(),
  startedAt: isoText,
  lastBatchAt: isoText,
  finishedAt: nullable(isoText),
  state: Type.Enum([...IMPORT_RUN_STATES]),
  batches: count,
  rowsReceived: count,
  rowsAdded: count,
  duplicatesSkipped: count,
  consoleReport: nullable(
    Type.Object({
      rowsRead: count,
      rowsSkipped: count,
      skippedByReason: Type.Record(Type.String(), count),
      encoding: nullable(Type.String()),
    }),
  ),
  undoneAt: nullable(isoText),
  undoneBy: nullable(Type.String()),
  rowsUndone: nullable(count),
  trashedSkipped: described(
    Type.Optional(count),
    'rows not stored because the same name, gender and nationality is in the trash (this backend always says)',
  ),
  undoDeletionId: described(
    Type.Optional(nullable(Type.Integer())),
    'an undone run whose names are still in the trash: the deletion to restore (this backend always says)',
  ),
};
export const ImportRunSchema = Type.Object(importRunFields);
export const ImportRunDetailSchema = Type.Object({
  ...importRunFields,
  rowsPresent: count,
  rowsEdited: described(Type.Optional(count), 'of rowsPresent, names edited since the import: an undo keeps them'),
  swipes: described(Type.Optional(count), 'swipes and matches of the names an undo would move to the trash'),
  matches: Type.Optional(count),
  undoDeletionId: described(
    Type.Optional(nullable(Type.Integer())),
    'the undo whose names are still in the trash (POST /api/names/restore { deletionId } takes it back)',
  ),
});
export const StartImportRunRequestSchema = closed({ fileName: freeText(MAX_FILE_NAME_LENGTH) });
export const FinishImportRunRequestSchema = closed({
  state: Type.Enum([...IMPORT_RUN_FINISH_STATES]),
  report: Type.Optional(ImportRunConsoleReportSchema),
});
export const UndoImportRunResponseSchema = Type.Object({
  deletedCount: described(count, 'names moved to the trash'),
  keptEditedCount: described(count, 'names of the run edited since the import (version above 1): kept, not moved'),
  deletionId: described(
    nullable(Type.Integer()),
    'the deletion that holds them in the trash (restore it to take the undo back); null when nothing moved',
  ),
  run: ImportRunSchema,
});

export type ImportRunConsoleReportBody = Static<typeof ImportRunConsoleReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

/**
 * What only the console knows (it parses the file): kept with the run as the console reported it.
 * skippedByReason: rows skipped before sending, by reason (missing-field, unknown-gender, too-long, ...).
 */
export type ImportRunConsoleReport = Static<typeof ImportRunConsoleReportSchema>;

/**
 * A run as the server records it. lastBatchAt: when the last batch landed (or the start; a running run quiet
 * for long is interrupted); rowsReceived: rows that reached the server; rowsAdded: rows stored;
 * duplicatesSkipped: rows not stored because the same name, gender and nationality already existed (or came twice).
 */
export type ImportRun = Static<typeof ImportRunSchema>;

/** GET /admin/import-runs/:id: the run and how many of its names are still stored (what an undo deletes). */
export type ImportRunDetail = Static<typeof ImportRunDetailSchema>;
export type StartImportRunRequest = Static<typeof StartImportRunRequestSchema>;
export type FinishImportRunRequest = Static<typeof FinishImportRunRequestSchema>;
export type UndoImportRunResponse = Static<typeof UndoImportRunResponseSchema>;

/**
 * A row of POST /admin/names/bulk-import as the console sends it: a name's input and when it was imported.
 * The envelope's schema leaves rows to the row rule (bulkImportRows.ts), which names each problem's row.
 */
export type BulkImportRow = NameInput & { createdAt: string };

export interface BulkImportRequest {
  names: BulkImportRow[];
  /** the import run (POST /admin/import-runs) this batch belongs to; without one the batch is its own run */
  runId?: number;
}

export type BulkImportResponse = Static<typeof BulkImportResponseSchema>;
