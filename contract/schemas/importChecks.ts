// Checking a file before its import. What a check is: importChecks.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { count, isoText } from './parts';

/** A check of a file before it is imported (contract/importChecks.ts). */
export const ImportCheckSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), createdAt: isoText });
/** What the import of a batch would do: the same counts as BulkImportResponseSchema's, nothing written. */
export const ImportCheckBatchSchema = Type.Object({ addedCount: count, duplicateCount: count, trashedCount: count });
/** A check's totals over every batch it was sent, given when it ends. */
export const ImportCheckTotalsSchema = Type.Object({ rowsReceived: count, addedCount: count, duplicateCount: count, trashedCount: count });

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type ImportCheck = Static<typeof ImportCheckSchema>;
export type ImportCheckBatch = Static<typeof ImportCheckBatchSchema>;
export type ImportCheckTotals = Static<typeof ImportCheckTotalsSchema>;
