// Wire types of import runs: the server records every CSV import as a run, ties each
// batch to it, and can undo it. Types (Static<> of the endpoint schemas) and constants: shared by the console and the server.
import type { Static } from 'typebox';
import type {
  FinishImportRunRequestSchema,
  ImportRunConsoleReportSchema,
  ImportRunDetailSchema,
  ImportRunSchema,
  StartImportRunRequestSchema,
  UndoImportRunResponseSchema,
} from './endpoints';

export const IMPORT_RUN_STATES = ['running', 'done', 'failed', 'cancelled', 'interrupted', 'undone'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/** How the console ends a run it started. */
export const IMPORT_RUN_FINISH_STATES = ['done', 'failed', 'cancelled'] as const;
export type ImportRunFinishState = (typeof IMPORT_RUN_FINISH_STATES)[number];

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

/** A running run with no batch for this long is shown (and stored) as interrupted. */
export const IMPORT_RUN_STALE_MS = 60_000;

/** Runs GET /admin/import-runs returns by default, newest first. */
export const RECENT_IMPORT_RUNS = 20;

/** The reason a POST /names or PUT /names/:id duplicate gets (409), shown after the spec's texts. */
export const NAME_EXISTS_REASON = 'already exists';
