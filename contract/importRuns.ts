// Wire types of import runs (issue 6 §3): the server records every CSV import as a run, ties each
// batch to it, and can undo it. Pure types and constants: shared by the console and the server.

export const IMPORT_RUN_STATES = ['running', 'done', 'failed', 'cancelled', 'interrupted', 'undone'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/** How the console ends a run it started. */
export const IMPORT_RUN_FINISH_STATES = ['done', 'failed', 'cancelled'] as const;
export type ImportRunFinishState = (typeof IMPORT_RUN_FINISH_STATES)[number];

/**
 * What only the console knows (it parses the file): kept with the run as the console reported it.
 * skippedByReason: rows skipped before sending, by reason (missing-field, unknown-gender, too-long, ...).
 */
export interface ImportRunConsoleReport {
  rowsRead: number;
  rowsSkipped: number;
  skippedByReason: Record<string, number>;
  /** the text encoding the file was read as (e.g. 'UTF-8', 'Windows-1252') */
  encoding: string | null;
}

export interface ImportRun {
  id: number;
  fileName: string;
  actorEmail: string;
  startedAt: string;
  /** when the last batch landed (or the start): a running run quiet for long is interrupted */
  lastBatchAt: string;
  finishedAt: string | null;
  state: ImportRunState;
  batches: number;
  /** rows that reached the server in this run's batches */
  rowsReceived: number;
  /** rows stored */
  rowsAdded: number;
  /** rows not stored because the same name, gender and nationality already existed (or came twice) */
  duplicatesSkipped: number;
  consoleReport: ImportRunConsoleReport | null;
  undoneAt: string | null;
  undoneBy: string | null;
  rowsUndone: number | null;
}

/** GET /admin/import-runs/:id: the run and how many of its names are still stored (what an undo deletes). */
export interface ImportRunDetail extends ImportRun {
  rowsPresent: number;
}

export interface StartImportRunRequest {
  fileName: string;
}

export interface FinishImportRunRequest {
  state: ImportRunFinishState;
  report?: ImportRunConsoleReport;
}

export interface UndoImportRunResponse {
  deletedCount: number;
  run: ImportRun;
}

/** A running run with no batch for this long is shown (and stored) as interrupted. */
export const IMPORT_RUN_STALE_MS = 60_000;

/** Runs GET /admin/import-runs returns by default, newest first. */
export const RECENT_IMPORT_RUNS = 20;

/** The reason a POST /names or PUT /names/:id duplicate gets (409), shown after the spec's texts. */
export const NAME_EXISTS_REASON = 'already exists';
