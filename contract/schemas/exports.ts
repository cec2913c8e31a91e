// Exports: a collection's page and count, an export run. Constants and row shapes: exports.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, count, instant, described } from './parts';
import { STREAMED_CSV_COLLECTIONS } from '../exports';

export const ExportCountResponseSchema = Type.Object({ total: count });
export const ExportRunRequestSchema = closed({
  kind: Type.Enum(['users', 'names', 'analytics', 'backup', 'audit-logs']),
  format: Type.Enum(['csv', 'json']),
  from: described(Type.Optional(instant), 'audit-log exports: the range asked for'),
  to: Type.Optional(instant),
});
export const ExportRunResponseSchema = Type.Object({ runId: Type.Integer() });

export const exportRange = { from: Type.Optional(instant), to: Type.Optional(instant) };
export const exportCollection = closed({ collection: Type.Enum(['users', 'names', 'connections', 'audit-logs', 'name-analytics']) });
export const streamedCsvCollection = closed({ collection: Type.Enum([...STREAMED_CSV_COLLECTIONS]) });
/** A CSV file (text/csv), streamed: the contract's statement of its columns is STREAMED_CSV_COLUMNS. */
export const CSV_FILE = Type.String({ contentMediaType: 'text/csv' });

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

/** GET /api/export/{collection}/count[?from=&to=] -> how many rows the export will hold. */
export type ExportCountResponse = Static<typeof ExportCountResponseSchema>;

/**
 * POST /api/export/runs: the console announces an export before reading it, and the server records
 * it on the console-action trail ('export.run').
 */
export type ExportRunRequest = Static<typeof ExportRunRequestSchema>;
export type ExportRunResponse = Static<typeof ExportRunResponseSchema>;
